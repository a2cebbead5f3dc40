//! The guard against server-side request forgery: a webhook URL may not make the server call
//! its own machine or network. A URL is checked when it is added (its host resolved), before
//! every delivery, and at the connection itself (no redirect is ever followed): the client
//! resolves names through [`GuardedResolver`], which hands the connection only the addresses
//! [`super::is_refused_address`] allows, so a name that changes its answer after the check
//! still reaches no private address. `--allow-private-webhooks` lifts
//! all of it (a server whose receivers are on its own network, and the tests).

use std::net::{IpAddr, SocketAddr};

use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use super::address;

/// The longest webhook URL accepted, in bytes.
pub const MAX_URL: usize = 2048;

/// A refusal of the guard: the URL or an address it reaches is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Refused(pub(crate) String);

/// The advice every refusal of a private address ends with.
const ADVICE: &str = "webhooks may not reach this server's own machine or network (pbp serve --allow-private-webhooks allows it)";

/// Why a webhook may not reach `ip` (see [`super::address`]), unless `allow_private`.
fn refused_address(ip: IpAddr, allow_private: bool) -> Option<&'static str> {
    if allow_private {
        return None;
    }
    address::refusal(ip)
}

/// The refusal of `host`, which resolved to `ip`, refused as `why`.
fn resolved_to(host: &str, ip: IpAddr, why: &str) -> Refused {
    Refused(format!(
        "the host {host} resolves to {ip}, which is {why}: {ADVICE}"
    ))
}

/// Reads a webhook URL: `http` or `https`, with a host, within [`MAX_URL`]; a host written as
/// an address must be public unless `allow_private`.
///
/// # Errors
/// [`Refused`], saying why.
pub(crate) fn check_url(text: &str, allow_private: bool) -> Result<Url, Refused> {
    if text.len() > MAX_URL {
        return Err(Refused(format!(
            "a webhook URL must be at most {MAX_URL} bytes"
        )));
    }
    let url = Url::parse(text).map_err(|e| Refused(format!("'{text}' is not a URL: {e}")))?;
    check_parsed(&url, allow_private)?;
    Ok(url)
}

/// [`check_url`] for a URL already read.
fn check_parsed(url: &Url, allow_private: bool) -> Result<(), Refused> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(Refused(format!(
            "a webhook URL is http or https, not {}",
            url.scheme()
        )));
    }
    let ip = match url.host() {
        None => return Err(Refused("a webhook URL needs a host".into())),
        Some(url::Host::Domain(_)) => return Ok(()),
        Some(url::Host::Ipv4(v4)) => IpAddr::V4(v4),
        Some(url::Host::Ipv6(v6)) => IpAddr::V6(v6),
    };
    match refused_address(ip, allow_private) {
        Some(why) => Err(Refused(format!("the address {ip} is {why}: {ADVICE}"))),
        None => Ok(()),
    }
}

/// Resolves the URL's host (as the delivery will) and refuses it if any of its addresses is
/// private, unless `allow_private`: the check made when a webhook is added.
///
/// # Errors
/// [`Refused`]: a private address, or a host that does not resolve.
pub(crate) async fn check_resolved(url: &Url, allow_private: bool) -> Result<(), Refused> {
    check_parsed(url, allow_private)?;
    let Some(url::Host::Domain(host)) = url.host() else {
        return Ok(());
    };
    let port = url.port_or_known_default().unwrap_or(443);
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
        .await
        .map_err(|e| Refused(format!("the host {host} does not resolve: {e}")))?
        .collect();
    if addrs.is_empty() {
        return Err(Refused(format!("the host {host} resolves to no address")));
    }
    if let Some((ip, why)) = addrs
        .iter()
        .find_map(|a| Some((a.ip(), refused_address(a.ip(), allow_private)?)))
    {
        return Err(resolved_to(host, ip, why));
    }
    Ok(())
}

/// The client's resolver: the system's, without the addresses a webhook may not reach.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GuardedResolver {
    /// Keep private addresses too (`--allow-private-webhooks`).
    pub(crate) allow_private: bool,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let kept = connectable(&host, &found, allow_private)?;
            let addrs: Addrs = Box::new(kept.into_iter());
            Ok(addrs)
        })
    }
}

/// The addresses `host` resolved to that a delivery may connect to (the only ones the client
/// is given): every one the guard allows, or all with `allow_private`.
///
/// # Errors
/// [`Refused`] when none is left, naming the first address and why it is refused.
pub(crate) fn connectable(
    host: &str,
    found: &[SocketAddr],
    allow_private: bool,
) -> Result<Vec<SocketAddr>, Box<dyn std::error::Error + Send + Sync>> {
    let kept: Vec<SocketAddr> = found
        .iter()
        .copied()
        .filter(|addr| refused_address(addr.ip(), allow_private).is_none())
        .collect();
    if kept.is_empty() {
        let refused = found
            .first()
            .and_then(|a| {
                Some(resolved_to(
                    host,
                    a.ip(),
                    refused_address(a.ip(), allow_private)?,
                ))
            })
            .unwrap_or_else(|| Refused(format!("the host {host} resolves to no address")));
        return Err(Box::new(refused));
    }
    Ok(kept)
}

/// The guard's refusal inside an error's chain of sources, if it is one.
pub(crate) fn refusal_in<'a>(error: &'a (dyn std::error::Error + 'static)) -> Option<&'a Refused> {
    let mut current = Some(error);
    while let Some(error) = current {
        if let Some(refused) = error.downcast_ref::<Refused>() {
            return Some(refused);
        }
        current = error.source();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resolved_addresses_are_checked_not_the_name() {
        let at = |ip: &str| SocketAddr::new(ip.parse().unwrap(), 80);
        // A name whose only answer is 6to4 of 127.0.0.1 reaches nothing.
        let refused = connectable("hooks.example", &[at("2002:7f00:1::")], false).unwrap_err();
        let refusal = refusal_in(refused.as_ref()).unwrap();
        assert!(
            refusal.0.contains("2002:7f00:1::") && refusal.0.contains("6to4"),
            "{refusal}"
        );
        // With a public answer beside private ones, only the public one is connected to.
        let kept = connectable(
            "hooks.example",
            &[
                at("10.0.0.1"),
                at("2606:4700::1111"),
                at("fe80::1"),
                at("64:ff9b::7f00:1"),
            ],
            false,
        )
        .unwrap();
        assert_eq!(kept, [at("2606:4700::1111")]);
        let all = [at("10.0.0.1"), at("::1")];
        assert_eq!(connectable("lan", &all, true).unwrap(), all);
        assert!(connectable("none", &[], true).is_err());
    }

    #[test]
    fn urls_are_read_with_their_scheme_and_host_checked() {
        assert!(check_url("https://discord.com/api/webhooks/1/x", false).is_ok());
        for (bad, said) in [
            ("ftp://example.com/", "http or https"),
            ("http://127.0.0.1:8080/hook", "loopback"),
            ("http://[::1]/hook", "loopback"),
            ("http://169.254.169.254/latest/meta-data", "link-local"),
            ("http://0x7f.1/", "loopback"),
            ("http://[2002:7f00:1::]/", "6to4"),
            ("http://[64:ff9b::a9fe:a9fe]/", "NAT64"),
            ("http://[::ffff:7f00:1]/", "IPv4-mapped"),
            ("http://[2001::1]/", "Teredo"),
            ("http://100.64.0.1/", "shared"),
            ("not a url", "not a URL"),
        ] {
            let refused = check_url(bad, false).unwrap_err();
            assert!(refused.0.contains(said), "{bad}: {refused}");
        }
        assert!(check_url("http://127.0.0.1:8080/hook", true).is_ok());
        assert!(
            check_url(
                &format!("https://example.com/{}", "a".repeat(MAX_URL)),
                true
            )
            .is_err()
        );
    }

    #[tokio::test]
    async fn a_name_of_a_private_address_is_refused_after_resolution() {
        let url = check_url("http://localhost:9/hook", false).unwrap();
        let refused = check_resolved(&url, false).await.unwrap_err();
        assert!(refused.0.contains("loopback"), "{refused}");
        assert!(check_resolved(&url, true).await.is_ok());
        let resolver = GuardedResolver {
            allow_private: false,
        };
        let error = resolver
            .resolve("localhost".parse().unwrap())
            .await
            .err()
            .unwrap();
        assert!(refusal_in(error.as_ref()).is_some());
        let allowed = GuardedResolver {
            allow_private: true,
        };
        assert!(allowed.resolve("localhost".parse().unwrap()).await.is_ok());
    }
}
