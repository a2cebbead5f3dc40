//! The Discord venue's reading of a request: the signature check and the interaction parser
//! (see [`discord_interaction`]).

use ed25519_dalek::{Signer, SigningKey};
use pbp_server::discord::interaction::{MAX_CONTENT, fit, parse_interaction};
use pbp_server::discord::verify::{MAX_SKEW_SECONDS, verify};

/// The server's clock in this harness.
const NOW: u64 = 1_800_000_000;

/// The input is a signature header, a timestamp header and a body (split where its first two
/// bytes say). Checked: no panic on any of them; arbitrary headers verify only if they are the
/// key's signature (never, in practice: the check is that nothing panics and a forged one is
/// refused); the key's real signature over the same timestamp and body verifies exactly when
/// the timestamp is decimal digits within five minutes of the clock, and fails once a byte of
/// the body changes; the body's interaction, when it reads, answers its accessors, and any text
/// fits one message.
pub fn discord_interaction(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Some((&second, rest)) = rest.split_first() else {
        return;
    };
    let cut = usize::from(first).min(rest.len());
    let (signature, rest) = rest.split_at(cut);
    let cut = usize::from(second).min(rest.len());
    let (timestamp, body) = rest.split_at(cut);
    let key = SigningKey::from_bytes(&[0x5a; 32]);
    let public = key.verifying_key();
    let _ = verify(&public, Some(signature), Some(timestamp), body, NOW);
    let _ = verify(&public, None, Some(timestamp), body, NOW);

    let mut message = timestamp.to_vec();
    message.extend_from_slice(body);
    let real: String = key
        .sign(&message)
        .to_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let verified = verify(&public, Some(real.as_bytes()), Some(timestamp), body, NOW).is_ok();
    let fresh = std::str::from_utf8(timestamp)
        .ok()
        .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse::<u64>().ok())
        .is_some_and(|t| t.abs_diff(NOW) <= MAX_SKEW_SECONDS);
    assert_eq!(
        verified, fresh,
        "a real signature verifies iff its timestamp is fresh"
    );
    if let Some((&last, head)) = body.split_last() {
        let mut changed = head.to_vec();
        changed.push(last ^ 1);
        assert!(
            verify(
                &public,
                Some(real.as_bytes()),
                Some(timestamp),
                &changed,
                NOW
            )
            .is_err(),
            "a changed body is refused"
        );
    }

    if let Ok(interaction) = parse_interaction(body) {
        let _ = interaction.sender();
        let _ = interaction.command();
        let _ = interaction.option("dice");
        let _ = interaction.focused();
    }
    let text = String::from_utf8_lossy(body);
    assert!(fit(&text).chars().count() <= MAX_CONTENT);
}
