//! A seat's name and token on PostgreSQL ([`crate::Store::set_seat`]): the table's version
//! checked and raised, and the seat's row written or replaced, in one transaction.

use postgres::Client;

use super::{backend, now, to_i64};
use crate::store::{StoreError, StoredSeat};

/// Writes `stored` as seat `seat` of table `id` if the table is at `version`: `false` (nothing
/// written) if it is not, or is not there.
pub(super) fn set_seat(
    client: &mut Client,
    id: &str,
    version: u64,
    seat: u16,
    stored: &StoredSeat,
) -> Result<bool, StoreError> {
    let mut transaction = client.transaction().map_err(backend)?;
    let changed = transaction
        .execute(
            "UPDATE tables SET version = version + 1, updated_at = $1
             WHERE id = $2 AND version = $3",
            &[&now(), &id, &to_i64(version)],
        )
        .map_err(backend)?;
    if changed == 0 {
        return Ok(false);
    }
    transaction
        .execute(
            "INSERT INTO seats (table_id, seat, name, token) VALUES ($1, $2, $3, $4)
             ON CONFLICT (table_id, seat) DO UPDATE SET name = EXCLUDED.name,
                 token = EXCLUDED.token",
            &[
                &id,
                &i64::from(seat),
                &stored.name,
                &stored.token.0.as_slice(),
            ],
        )
        .map_err(backend)?;
    transaction.commit().map_err(backend)?;
    Ok(true)
}
