//! Which addresses a webhook may reach: global unicast ones only. Every IPv4 range that is not
//! a public host's (RFC 6890's special-purpose registry) is refused; an IPv6 address is
//! allowed only inside the global unicast space `2000::/3`, outside its special-purpose and
//! documentation blocks, and a form that carries an IPv4 address on the way to it (IPv4-mapped,
//! 6to4, the well-known NAT64 prefix) is judged by the IPv4 address it reaches. The check is a
//! pure function of the address, called on a URL's literal host and on every address the
//! resolver hands to the connection (see `guard`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Whether a webhook may not reach `ip`: anything but a public unicast address, IPv4 or IPv6,
/// however it is written (an IPv6 form that embeds an IPv4 address is judged by that address,
/// or refused if the form itself is deprecated or local). This is the check made on every
/// address a delivery would connect to, without `pbp serve --allow-private-webhooks`.
///
/// ```
/// use pbp_server::webhooks::is_refused_address;
/// assert!(is_refused_address("127.0.0.1".parse().unwrap()));
/// assert!(is_refused_address("2002:7f00:1::".parse().unwrap())); // 6to4 of 127.0.0.1
/// assert!(!is_refused_address("2606:4700::1111".parse().unwrap()));
/// ```
pub fn is_refused_address(ip: IpAddr) -> bool {
    refusal(ip).is_some()
}

/// Why `ip` is refused, in words (`None`: a public address a webhook may reach).
pub(crate) fn refusal(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => refused_v4(v4),
        IpAddr::V6(v6) => refused_v6(v6),
    }
}

/// The IPv4 special-purpose ranges (RFC 6890 and its updates), each with its name.
const V4_RANGES: [([u8; 4], u8, &str); 17] = [
    ([0, 0, 0, 0], 8, "'this network' (0.0.0.0/8)"),
    ([10, 0, 0, 0], 8, "private (10.0.0.0/8)"),
    (
        [100, 64, 0, 0],
        10,
        "shared, carrier-grade NAT (100.64.0.0/10)",
    ),
    ([127, 0, 0, 0], 8, "loopback (127.0.0.0/8)"),
    ([169, 254, 0, 0], 16, "link-local (169.254.0.0/16)"),
    ([172, 16, 0, 0], 12, "private (172.16.0.0/12)"),
    (
        [192, 0, 0, 0],
        24,
        "IETF protocol assignments (192.0.0.0/24)",
    ),
    ([192, 0, 2, 0], 24, "documentation (192.0.2.0/24)"),
    ([192, 31, 196, 0], 24, "AS112 (192.31.196.0/24)"),
    ([192, 52, 193, 0], 24, "AMT (192.52.193.0/24)"),
    ([192, 88, 99, 0], 24, "6to4 relay anycast (192.88.99.0/24)"),
    ([192, 168, 0, 0], 16, "private (192.168.0.0/16)"),
    ([192, 175, 48, 0], 24, "AS112 (192.175.48.0/24)"),
    ([198, 18, 0, 0], 15, "benchmarking (198.18.0.0/15)"),
    ([198, 51, 100, 0], 24, "documentation (198.51.100.0/24)"),
    ([203, 0, 113, 0], 24, "documentation (203.0.113.0/24)"),
    ([224, 0, 0, 0], 4, "multicast (224.0.0.0/4)"),
];

fn refused_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let bits = u32::from(ip);
    if ip.is_broadcast() {
        return Some("broadcast (255.255.255.255)");
    }
    // Reserved, 240.0.0.0/4 (the broadcast address is inside it, named above).
    if bits >> 28 == 0xf {
        return Some("reserved (240.0.0.0/4)");
    }
    V4_RANGES.iter().find_map(|(net, len, name)| {
        let mask = u32::MAX << (32 - u32::from(*len));
        (bits & mask == u32::from_be_bytes(*net)).then_some(*name)
    })
}

/// The IPv6 blocks refused inside `2000::/3` and the prefixes outside it named for the
/// message, each `(address, prefix length, name)`; anything else outside `2000::/3` is
/// refused as not global unicast.
const V6_RANGES: [(u128, u8, &str); 14] = [
    (0, 128, "unspecified (::)"),
    (1, 128, "loopback (::1)"),
    (
        0x0064_ff9b_0001 << 80,
        48,
        "local-use NAT64 (64:ff9b:1::/48)",
    ),
    (0, 96, "IPv4-compatible (::/96, deprecated)"),
    (0xffff << 32, 96, "IPv4-mapped (::ffff:0:0/96)"),
    (0xffff << 48, 96, "IPv4-translated (::ffff:0:0:0/96)"),
    (0x0100 << 112, 64, "discard-only (100::/64)"),
    (0x2001 << 112, 32, "Teredo (2001::/32)"),
    (0x2001 << 112, 23, "IETF protocol assignments (2001::/23)"),
    (0x2001_0db8 << 96, 32, "documentation (2001:db8::/32)"),
    (0x3fff << 112, 20, "documentation (3fff::/20)"),
    (0xfc00 << 112, 7, "unique-local (fc00::/7)"),
    (0xfe80 << 112, 10, "link-local (fe80::/10)"),
    (0xfec0 << 112, 10, "site-local (fec0::/10, deprecated)"),
];

fn in_v6(bits: u128, net: u128, len: u8) -> bool {
    let mask = if len == 0 {
        0
    } else {
        u128::MAX << (128 - u32::from(len))
    };
    bits & mask == net
}

fn refused_v6(ip: Ipv6Addr) -> Option<&'static str> {
    let bits = u128::from(ip);
    // Forms that reach an IPv4 address: judged by it.
    if let Some(v4) = ip.to_ipv4_mapped() {
        return refused_v4(v4).map(|_| "IPv4-mapped (::ffff:0:0/96) of a refused IPv4 address");
    }
    if in_v6(bits, 0x2002 << 112, 16) {
        // 6to4: the IPv4 address of the site is bits 16 to 48.
        let v4 = Ipv4Addr::from(u32::try_from((bits >> 80) & 0xffff_ffff).unwrap_or(0));
        return refused_v4(v4).map(|_| "6to4 (2002::/16) of a refused IPv4 address");
    }
    if in_v6(bits, 0x0064_ff9b << 96, 96) {
        // The well-known NAT64 prefix: the IPv4 address is the last 32 bits.
        let v4 = Ipv4Addr::from(u32::try_from(bits & 0xffff_ffff).unwrap_or(0));
        return refused_v4(v4).map(|_| "NAT64 (64:ff9b::/96) of a refused IPv4 address");
    }
    if let Some((_, _, name)) = V6_RANGES
        .iter()
        .find(|(net, len, _)| in_v6(bits, *net, *len))
    {
        return Some(name);
    }
    if ip.is_multicast() {
        return Some("multicast (ff00::/8)");
    }
    if !in_v6(bits, 0x2000 << 112, 3) {
        return Some("not global unicast (outside 2000::/3)");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> Option<&'static str> {
        refusal(text.parse().unwrap())
    }

    fn assert_refused_as(addresses: &[&str], said: &str) {
        for address in addresses {
            let why = refused(address).unwrap_or_else(|| panic!("{address} was allowed"));
            assert!(why.contains(said), "{address}: {why}");
        }
    }

    #[test]
    fn public_addresses_are_allowed_in_every_form() {
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "172.32.0.1",
            "100.128.0.1",
            "192.0.1.1",
            "198.20.0.1",
            "223.255.255.255",
            "2606:4700::1111",
            "2a00:1450:4007:80e::200e",
            "2001:4860:4860::8888",
            "::ffff:8.8.8.8",
            "2002:0808:0808::1",
            "64:ff9b::808:808",
        ] {
            assert_eq!(refused(public), None, "{public}");
            assert!(!is_refused_address(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn ipv4_loopback_private_and_this_network_are_refused() {
        assert_refused_as(&["127.0.0.1", "127.8.9.10"], "loopback");
        assert_refused_as(
            &["10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1"],
            "private",
        );
        assert_refused_as(&["0.0.0.0", "0.1.2.3"], "this network");
    }

    #[test]
    fn ipv4_shared_link_local_and_protocol_ranges_are_refused() {
        assert_refused_as(&["100.64.0.1", "100.127.255.254"], "shared");
        assert_refused_as(&["169.254.169.254"], "link-local");
        assert_refused_as(&["192.0.0.8", "192.0.0.170"], "IETF");
        assert_refused_as(&["192.88.99.1"], "6to4 relay");
        assert_refused_as(&["192.31.196.1", "192.175.48.6"], "AS112");
        assert_refused_as(&["192.52.193.1"], "AMT");
    }

    #[test]
    fn ipv4_benchmarking_documentation_multicast_reserved_and_broadcast_are_refused() {
        assert_refused_as(&["198.18.0.1", "198.19.255.255"], "benchmarking");
        assert_refused_as(
            &["192.0.2.1", "198.51.100.7", "203.0.113.200"],
            "documentation",
        );
        assert_refused_as(&["224.0.0.1", "239.255.255.250"], "multicast");
        assert_refused_as(&["240.0.0.1", "254.1.2.3"], "reserved");
        assert_refused_as(&["255.255.255.255"], "broadcast");
    }

    #[test]
    fn ipv6_unspecified_and_loopback_are_refused() {
        assert_refused_as(&["::"], "unspecified");
        assert_refused_as(&["::1"], "loopback");
    }

    #[test]
    fn ipv6_six_to_four_is_judged_by_its_ipv4_address() {
        assert_refused_as(
            &[
                "2002:7f00:1::",
                "2002:7f00:0001::1",
                "2002:a00:1::",
                "2002:a9fe:a9fe::1",
                "2002:c0a8:101::",
                "2002::",
            ],
            "6to4",
        );
    }

    #[test]
    fn ipv6_nat64_is_judged_by_its_ipv4_address_and_local_use_refused() {
        assert_refused_as(&["64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe"], "NAT64");
        assert_refused_as(
            &["64:ff9b:1::808:808", "64:ff9b:1:ffff::1"],
            "local-use NAT64",
        );
    }

    #[test]
    fn ipv6_ipv4_compatible_mapped_and_translated_are_refused() {
        assert_refused_as(&["::7f00:1", "::808:808", "::0.0.0.2"], "IPv4-compatible");
        assert_refused_as(
            &[
                "::ffff:127.0.0.1",
                "::ffff:10.0.0.1",
                "::ffff:169.254.169.254",
            ],
            "IPv4-mapped",
        );
        assert_refused_as(&["::ffff:0:7f00:1", "::ffff:0:808:808"], "IPv4-translated");
    }

    #[test]
    fn ipv6_teredo_and_protocol_assignments_are_refused() {
        assert_refused_as(
            &["2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
            "Teredo",
        );
        assert_refused_as(&["2001:2::1", "2001:10::1", "2001:1ff::1"], "IETF");
        assert_refused_as(&["100::1"], "discard-only");
    }

    #[test]
    fn ipv6_unique_local_site_local_and_link_local_are_refused() {
        assert_refused_as(&["fc00::1", "fd00::1", "fdff:ffff::1"], "unique-local");
        assert_refused_as(&["fec0::1", "feff::1"], "site-local");
        assert_refused_as(&["fe80::1", "febf::1"], "link-local");
    }

    #[test]
    fn ipv6_multicast_documentation_and_unallocated_are_refused() {
        assert_refused_as(&["ff02::1", "ff05::2", "ff0e::101"], "multicast");
        assert_refused_as(
            &["2001:db8::1", "2001:db8:ffff::1", "3fff::1", "3fff:fff::1"],
            "documentation",
        );
        assert_refused_as(&["4000::1", "5f00::1", "e000::1", "1::1"], "global unicast");
    }
}
