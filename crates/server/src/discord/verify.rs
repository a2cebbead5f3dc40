//! The check of every interaction Discord sends: an Ed25519 signature, by the application's
//! key, over the `X-Signature-Timestamp` header followed by the raw body, and a timestamp no
//! more than five minutes from the server's clock (so that a request seen once cannot be sent
//! again later). Pure functions of the bytes received and the time, so that tests and the fuzz
//! target need no server.

use ed25519_dalek::{Signature, VerifyingKey};

/// How far the request's timestamp may be from the server's clock, in seconds.
pub const MAX_SKEW_SECONDS: u64 = 5 * 60;

/// Why a request is not taken as Discord's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SignatureError {
    /// A header is absent.
    #[error("the request has no {0} header")]
    Missing(&'static str),
    /// The signature header is not 128 hexadecimal digits.
    #[error("the signature is not 64 bytes in hexadecimal")]
    Malformed,
    /// The signature does not verify with the application's public key.
    #[error("the signature does not match the application's public key")]
    Mismatch,
    /// The timestamp is not a number of seconds.
    #[error("the timestamp is not a number of seconds")]
    BadTimestamp,
    /// The timestamp is more than [`MAX_SKEW_SECONDS`] from the server's clock.
    #[error("the timestamp is {0} seconds from the server's clock, more than five minutes")]
    Stale(u64),
}

/// Reads an application's public key from its 64 hexadecimal digits (the "public key" of the
/// application's page in Discord's developer portal).
///
/// # Errors
/// Not 64 hexadecimal digits, or not a point of the curve.
pub fn parse_public_key(hex: &str) -> Result<VerifyingKey, String> {
    let bytes: [u8; 32] = from_hex(hex.trim())
        .and_then(|b| b.try_into().ok())
        .ok_or("the Discord public key must be 64 hexadecimal digits")?;
    VerifyingKey::from_bytes(&bytes)
        .map_err(|_| "the Discord public key is not an Ed25519 public key".to_owned())
}

/// Checks that `body`, sent with these `signature` and `timestamp` headers, was signed by `key`
/// within five minutes of `now` (seconds since the Unix epoch).
///
/// # Errors
/// A missing header, a malformed or mismatched signature, a timestamp too far off.
pub fn verify(
    key: &VerifyingKey,
    signature: Option<&[u8]>,
    timestamp: Option<&[u8]>,
    body: &[u8],
    now: u64,
) -> Result<(), SignatureError> {
    let signature = signature.ok_or(SignatureError::Missing("X-Signature-Ed25519"))?;
    let timestamp = timestamp.ok_or(SignatureError::Missing("X-Signature-Timestamp"))?;
    let bytes: [u8; 64] = std::str::from_utf8(signature)
        .ok()
        .and_then(from_hex)
        .and_then(|b| b.try_into().ok())
        .ok_or(SignatureError::Malformed)?;
    let mut message = Vec::with_capacity(timestamp.len() + body.len());
    message.extend_from_slice(timestamp);
    message.extend_from_slice(body);
    key.verify_strict(&message, &Signature::from_bytes(&bytes))
        .map_err(|_| SignatureError::Mismatch)?;
    // Checked after the signature, so that an unsigned request learns nothing of the clock.
    let seconds: u64 = std::str::from_utf8(timestamp)
        .ok()
        .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse().ok())
        .ok_or(SignatureError::BadTimestamp)?;
    let skew = now.abs_diff(seconds);
    if skew > MAX_SKEW_SECONDS {
        return Err(SignatureError::Stale(skew));
    }
    Ok(())
}

/// The bytes of an even number of hexadecimal digits (either case), or `None`.
fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    text.as_bytes()
        .chunks(2)
        .map(|pair| {
            let high = char::from(pair[0]).to_digit(16)?;
            let low = char::from(pair[1]).to_digit(16)?;
            u8::try_from(high * 16 + low).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use ed25519_dalek::{Signer, SigningKey};

    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn signed(key: &SigningKey, timestamp: &str, body: &[u8]) -> String {
        let mut message = timestamp.as_bytes().to_vec();
        message.extend_from_slice(body);
        hex(&key.sign(&message).to_bytes())
    }

    #[test]
    fn a_signed_request_passes_and_every_change_fails() {
        let key = SigningKey::from_bytes(&[7; 32]);
        let public = parse_public_key(&hex(key.verifying_key().as_bytes())).unwrap();
        let body = br#"{"type":1}"#;
        let signature = signed(&key, "1000", body);
        let check = |sig: Option<&str>, ts: Option<&str>, body: &[u8], now| {
            verify(
                &public,
                sig.map(str::as_bytes),
                ts.map(str::as_bytes),
                body,
                now,
            )
        };
        assert_eq!(check(Some(&signature), Some("1000"), body, 1000), Ok(()));
        // Uppercase hexadecimal is the same signature.
        let upper = signature.to_uppercase();
        assert_eq!(check(Some(&upper), Some("1000"), body, 1300), Ok(()));
        // Another body, another timestamp, another key: refused.
        let other = br#"{"type":2}"#;
        assert_eq!(
            check(Some(&signature), Some("1000"), other, 1000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            check(Some(&signature), Some("1001"), body, 1000),
            Err(SignatureError::Mismatch)
        );
        let stranger = SigningKey::from_bytes(&[8; 32]);
        let forged = signed(&stranger, "1000", body);
        assert_eq!(
            check(Some(&forged), Some("1000"), body, 1000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            check(None, Some("1000"), body, 1000),
            Err(SignatureError::Missing("X-Signature-Ed25519"))
        );
        assert_eq!(
            check(Some(&signature), None, body, 1000),
            Err(SignatureError::Missing("X-Signature-Timestamp"))
        );
        assert_eq!(
            check(Some("zz"), Some("1000"), body, 1000),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            check(Some(&signature[..126]), Some("1000"), body, 1000),
            Err(SignatureError::Malformed)
        );
        // Five minutes either way pass; a second more does not.
        assert_eq!(check(Some(&signature), Some("1000"), body, 700), Ok(()));
        assert_eq!(
            check(Some(&signature), Some("1000"), body, 1301),
            Err(SignatureError::Stale(301))
        );
        assert_eq!(
            check(Some(&signature), Some("1000"), body, 699),
            Err(SignatureError::Stale(301))
        );
        let odd = signed(&key, "+1000", body);
        assert_eq!(
            check(Some(&odd), Some("+1000"), body, 1000),
            Err(SignatureError::BadTimestamp)
        );
    }

    #[test]
    fn public_keys_are_read_or_refused_with_a_reason() {
        assert!(parse_public_key("00").is_err());
        assert!(parse_public_key(&"g".repeat(64)).is_err());
        let key = SigningKey::from_bytes(&[1; 32]);
        let text = hex(key.verifying_key().as_bytes());
        assert_eq!(
            parse_public_key(&format!(" {text}\n")).map(|k| k.to_bytes()),
            Ok(key.verifying_key().to_bytes())
        );
    }
}
