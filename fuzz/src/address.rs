//! The webhook private-address guard ([`pbp_server::webhooks::is_refused_address`]) on every
//! address the input spells, checked against the ranges it must refuse whatever the form.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use pbp_server::webhooks::is_refused_address;

/// IPv4 ranges that are never a public host's (address, prefix length).
const PRIVATE_V4: [([u8; 4], u32); 9] = [
    ([0, 0, 0, 0], 8),
    ([10, 0, 0, 0], 8),
    ([100, 64, 0, 0], 10),
    ([127, 0, 0, 0], 8),
    ([169, 254, 0, 0], 16),
    ([172, 16, 0, 0], 12),
    ([192, 168, 0, 0], 16),
    ([198, 18, 0, 0], 15),
    ([224, 0, 0, 0], 3),
];

/// IPv6 blocks inside `2000::/3` that are never a public host's (address, prefix length):
/// Teredo, documentation (both), 6to4 and the well-known NAT64 prefix are judged separately.
const PRIVATE_V6: [(u128, u32); 2] = [(0x2001_0db8 << 96, 32), (0x3fff << 112, 20)];

fn in_v4(ip: Ipv4Addr, (net, len): ([u8; 4], u32)) -> bool {
    let mask = u32::MAX.checked_shl(32 - len).unwrap_or(0);
    u32::from(ip) & mask == u32::from(Ipv4Addr::from(net)) & mask
}

fn in_v6(ip: Ipv6Addr, (net, len): (u128, u32)) -> bool {
    let mask = u128::MAX.checked_shl(128 - len).unwrap_or(0);
    u128::from(ip) & mask == net & mask
}

/// The guard on the addresses of the input: the first byte picks IPv4 or IPv6, the next bytes
/// are the address. Checked: no panic; every private, loopback, link-local, shared, benchmark,
/// multicast or reserved IPv4 address is refused, and so is every IPv6 address outside
/// `2000::/3` (but an IPv4-mapped or NAT64 one, judged by its IPv4 address), in Teredo or in a documentation block; an IPv4 address is judged the same when
/// it is written IPv4-mapped, through 6to4 (with any subnet and host) or through the
/// well-known NAT64 prefix; and the same address gives the same answer twice.
pub fn webhook_address(data: &[u8]) {
    let Some((&form, rest)) = data.split_first() else {
        return;
    };
    let mut word = [0u8; 16];
    for (to, from) in word.iter_mut().zip(rest) {
        *to = *from;
    }
    let v4 = Ipv4Addr::new(word[0], word[1], word[2], word[3]);
    let v6 = Ipv6Addr::from(word);
    let refused_v4 = is_refused_address(IpAddr::V4(v4));
    if PRIVATE_V4.iter().any(|&range| in_v4(v4, range)) {
        assert!(refused_v4, "{v4} is refused");
    }
    let bits = u32::from(v4);
    let tail = u128::from(u64::from_be_bytes(word[8..16].try_into().expect("8 bytes")));
    let embedded = match form % 4 {
        0 => Ipv6Addr::from(0xffff_u128 << 32 | u128::from(bits)),
        1 => Ipv6Addr::from(
            0x2002_u128 << 112 | u128::from(bits) << 80 | tail & 0xffff_ffff_ffff_ffff_ffff,
        ),
        2 => Ipv6Addr::from(0x0064_ff9b_u128 << 96 | u128::from(bits)),
        _ => v6,
    };
    if form % 4 < 3 {
        assert_eq!(
            is_refused_address(IpAddr::V6(embedded)),
            refused_v4,
            "{embedded} is judged as {v4}"
        );
    }
    let refused_v6 = is_refused_address(IpAddr::V6(v6));
    // Outside 2000::/3, but for the forms judged by the IPv4 address they carry (IPv4-mapped,
    // the well-known NAT64 prefix).
    let carries_v4 = in_v6(v6, (0xffff << 32, 96)) || in_v6(v6, (0x0064_ff9b << 96, 96));
    let outside_global = u128::from(v6) >> 125 != 1 && !carries_v4;
    let teredo = in_v6(v6, (0x2001_0000 << 96, 32));
    if outside_global || teredo || PRIVATE_V6.iter().any(|&block| in_v6(v6, block)) {
        assert!(refused_v6, "{v6} is refused");
    }
    assert_eq!(
        is_refused_address(IpAddr::V6(v6)),
        refused_v6,
        "the same answer twice"
    );
}
