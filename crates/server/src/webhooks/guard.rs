//! The guard against server-side request forgery: a webhook URL may not make the server call
//! its own machine or network. A URL is checked when it is added (its host resolved), before
//! every delivery, and at the connection itself (no redirect is ever followed):
//! the client resolves names through [`GuardedResolver`], which drops loopback, link-local,
//! private, shared, multicast, reserved and unspecified addresses, so a name that changes its
//! answer after the check still reaches no private address. `--allow-private-webhooks` lifts
//! all of it (a server whose receivers are on its own network, and the tests).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// The longest webhook URL accepted, in bytes.
pub const MAX_URL: usize = 2048;

/// A refusal of the guard: the URL or an address it reaches is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Refused(pub(crate) String);

/// The advice every refusal of a private address ends with.
const ADVICE: &str = "webhooks may not reach this server's own machine or network (pbp serve --allow-private-webhooks allows it)";

/// Whether `ip` is an address a webhook may not reach: anything but a global unicast address.
pub(crate) fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => private_v4(v4),
        IpAddr::V6(v6) => private_v6(v6),
    }
}

fn private_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        // Shared address space (carrier-grade NAT), 100.64.0.0/10.
        || (a == 100 && (64..128).contains(&b))
        // IETF protocol assignments, 192.0.0.0/24.
        || (a == 192 && b == 0 && c == 0)
        // Benchmarking, 198.18.0.0/15.
        || (a == 198 && (b == 18 || b == 19))
        // Reserved, 240.0.0.0/4.
        || a >= 240
}

fn private_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return private_v4(v4);
    }
    let segments = ip.segments();
    // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits.
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let [.., high, low] = segments;
        let v4 = Ipv4Addr::from((u32::from(high) << 16) | u32::from(low));
        return private_v4(v4);
    }
    ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // Unique local, fc00::/7.
        || (segments[0] & 0xfe00) == 0xfc00
        // Link-local, fe80::/10, and the old site-local, fec0::/10.
        || (segments[0] & 0xffc0) == 0xfe80
        || (segments[0] & 0xffc0) == 0xfec0
        // Documentation, 2001:db8::/32.
        || (segments[0] == 0x2001 && segments[1] == 0x0db8)
        // IPv4-compatible (::a.b.c.d, deprecated).
        || segments[..6] == [0; 6]
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
    if !allow_private && is_private(ip) {
        return Err(Refused(format!("the address {ip} is private: {ADVICE}")));
    }
    Ok(())
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
    if !allow_private && let Some(addr) = addrs.iter().find(|a| is_private(a.ip())) {
        return Err(Refused(format!(
            "the host {host} resolves to {}, a private address: {ADVICE}",
            addr.ip()
        )));
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
            let kept: Vec<SocketAddr> = found
                .iter()
                .copied()
                .filter(|addr| allow_private || !is_private(addr.ip()))
                .collect();
            if kept.is_empty() {
                let shown = found.first().map_or_else(
                    || "no address".to_owned(),
                    |addr| format!("{}, a private address", addr.ip()),
                );
                return Err(Box::new(Refused(format!(
                    "the host {host} resolves to {shown}: {ADVICE}"
                )))
                    as Box<dyn std::error::Error + Send + Sync>);
            }
            let addrs: Addrs = Box::new(kept.into_iter());
            Ok(addrs)
        })
    }
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
    fn private_addresses_are_refused_and_public_ones_kept() {
        for private in [
            "127.0.0.1",
            "127.8.9.10",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe",
        ] {
            assert!(is_private(private.parse().unwrap()), "{private}");
        }
        for public in [
            "1.1.1.1",
            "93.184.216.34",
            "172.32.0.1",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
        ] {
            assert!(!is_private(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn urls_are_read_with_their_scheme_and_host_checked() {
        assert!(check_url("https://discord.com/api/webhooks/1/x", false).is_ok());
        for (bad, said) in [
            ("ftp://example.com/", "http or https"),
            ("http://127.0.0.1:8080/hook", "private"),
            ("http://[::1]/hook", "private"),
            ("http://169.254.169.254/latest/meta-data", "private"),
            ("http://0x7f.1/", "private"),
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
        assert!(refused.0.contains("private address"), "{refused}");
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
