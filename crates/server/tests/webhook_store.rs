//! The webhooks' side of the store, one suite for both backends (as tests/store.rs): notices
//! go into the outbox in the act's own transaction, each webhook's notices are claimed one at
//! a time in order under a lease, retries wait, a dead deliverer's lease expires, reminders are
//! written once per deadline, and removing a webhook removes its outbox.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[macro_use]
mod common;

use pbp_server::webhooks::{
    Attempt, DeliveryState, HookFormat, KEPT_DONE, NextStep, Notice, NoticeKind, StoredHook,
};
use pbp_server::{NewAct, PostgresStore, SqliteStore, Store, StoreError, TurnState};

type Open<'a> = &'a (dyn Fn() -> Box<dyn Store> + Sync);

fn hook(id: &str, table: &str, created_at: u64) -> StoredHook {
    StoredHook {
        id: id.to_owned(),
        table: table.to_owned(),
        url: format!("https://example.com/{id}"),
        format: HookFormat::Json,
        secret: "0123456789abcdef".into(),
        remind_before: 600,
        created_at,
    }
}

fn notice(kind: NoticeKind, text: &str) -> Notice {
    Notice {
        kind,
        json: format!("{{\"event\":\"{}\",\"text\":\"{text}\"}}", kind.name()),
    }
}

fn commit(
    store: &mut dyn Store,
    id: &str,
    step: u64,
    version: u64,
    notices: &[Notice],
) -> Result<(), StoreError> {
    store.commit_act(&NewAct {
        table: id,
        from_step: step,
        version,
        actor: "seat 0",
        action: "{}",
        entry: "{}",
        save: None,
        turn: &TurnState::default(),
        notices,
    })
}

fn attempt(next: NextStep, at: u64) -> Attempt {
    Attempt {
        status: Some(503),
        outcome: "HTTP 503".into(),
        next,
        at,
    }
}

fn notices_go_out_with_their_act(open: Open<'_>) {
    let mut store = open();
    store.create(&common::stored_duel("a")).unwrap();
    store.create(&common::stored_duel("quiet")).unwrap();
    store.add_hook(&hook("h1", "a", 1)).unwrap();
    store.add_hook(&hook("h2", "a", 2)).unwrap();
    assert!(matches!(
        store.add_hook(&hook("h3", "nosuch", 3)),
        Err(StoreError::NoTable(_))
    ));
    assert!(store.has_hooks("a").unwrap());
    assert!(!store.has_hooks("quiet").unwrap());
    let two = [
        notice(NoticeKind::TurnClosed, "closed"),
        notice(NoticeKind::TurnOpened, "opened"),
    ];
    commit(store.as_mut(), "a", 0, 0, &two).unwrap();
    // A refused act (an old version) writes no notice: the same transaction.
    assert!(matches!(
        commit(store.as_mut(), "a", 0, 0, &two),
        Err(StoreError::Conflict { .. })
    ));
    commit(store.as_mut(), "quiet", 0, 0, &two).unwrap();
    for id in ["h1", "h2"] {
        let rows = open().deliveries(id, 10).unwrap();
        let kinds: Vec<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
        assert_eq!(kinds, ["turn_opened", "turn_closed"], "{id}: newest first");
        assert!(
            rows.iter()
                .all(|r| r.state == DeliveryState::Pending && r.step == 1)
        );
        assert!(rows.iter().all(|r| r.key().starts_with(&format!("{id}-"))));
    }
    assert_eq!(store.hooks("a").unwrap().len(), 2);
    assert!(store.hooks("quiet").unwrap().is_empty());
}

fn each_webhook_is_claimed_in_order_under_a_lease(open: Open<'_>) {
    let mut one = open();
    let mut two = open();
    one.create(&common::stored_duel("a")).unwrap();
    one.add_hook(&hook("h1", "a", 1)).unwrap();
    let notices = [
        notice(NoticeKind::TurnClosed, "first"),
        notice(NoticeKind::TurnOpened, "second"),
    ];
    commit(one.as_mut(), "a", 0, 0, &notices).unwrap();
    let now = open().deliveries("h1", 1).unwrap()[0].created_at;
    let claimed = one.claim_deliveries("one", now, 1000, 8).unwrap();
    assert_eq!(claimed.len(), 1, "one notice of a webhook at a time");
    let first = claimed[0].clone();
    assert!(first.notice.contains("first"));
    assert_eq!(first.hook, hook("h1", "a", 1));
    // Leased: nobody else takes it, nor the webhook's next notice.
    assert!(
        two.claim_deliveries("two", now + 10, 1000, 8)
            .unwrap()
            .is_empty()
    );
    // A retry waits for its time, then the same notice comes again.
    one.record_attempt(first.id, &attempt(NextStep::Retry(now + 500), now + 20))
        .unwrap();
    assert!(
        two.claim_deliveries("two", now + 499, 1000, 8)
            .unwrap()
            .is_empty()
    );
    let again = two.claim_deliveries("two", now + 500, 1000, 8).unwrap();
    assert_eq!(
        (again.len(), again[0].id, again[0].attempts),
        (1, first.id, 1)
    );
    // Its holder dies: the lease expires and another takes it.
    assert!(
        one.claim_deliveries("one", now + 1499, 1000, 8)
            .unwrap()
            .is_empty()
    );
    let taken = one.claim_deliveries("one", now + 1500, 1000, 8).unwrap();
    assert_eq!(taken[0].id, first.id);
    let delivered = Attempt {
        status: Some(200),
        outcome: "HTTP 200 OK".into(),
        next: NextStep::Delivered,
        at: now + 1600,
    };
    one.record_attempt(first.id, &delivered).unwrap();
    let next = two.claim_deliveries("two", now + 1600, 1000, 8).unwrap();
    assert!(next[0].notice.contains("second"));
    two.record_attempt(next[0].id, &attempt(NextStep::Failed, now + 1700))
        .unwrap();
    assert!(
        one.claim_deliveries("one", now + 9999, 1000, 8)
            .unwrap()
            .is_empty()
    );
    let rows = open().deliveries("h1", 10).unwrap();
    assert_eq!(rows[0].state, DeliveryState::Failed);
    assert_eq!(rows[1].state, DeliveryState::Delivered);
    assert_eq!(
        (rows[1].attempts, rows[1].status, rows[1].done_at),
        (2, Some(200), Some(now + 1600)),
        "the try whose holder died is not counted"
    );
    assert_eq!(rows[1].outcome.as_deref(), Some("HTTP 200 OK"));
}

fn reminders_are_written_once_per_deadline(open: Open<'_>) {
    let mut one = open();
    let mut two = open();
    one.create(&common::stored_duel("a")).unwrap();
    one.add_hook(&hook("h1", "a", 1)).unwrap();
    let mut quiet = hook("h0", "a", 0);
    quiet.remind_before = 0;
    one.add_hook(&quiet).unwrap();
    let turn = |deadline| TurnState {
        deadline: Some(deadline),
        ..TurnState::default()
    };
    one.set_turn("a", 0, &turn(10_000)).unwrap();
    assert!(one.due_reminders(9_399).unwrap().is_empty(), "600 s before");
    let due = two.due_reminders(9_400).unwrap();
    assert_eq!(due.len(), 1, "the webhook without reminders is not due");
    assert_eq!((due[0].hook.as_str(), due[0].deadline), ("h1", 10_000));
    let reminder = notice(NoticeKind::Reminder, "soon");
    assert!(one.add_reminder("h1", 10_000, 0, &reminder, 5).unwrap());
    assert!(!two.add_reminder("h1", 10_000, 0, &reminder, 6).unwrap());
    assert!(two.due_reminders(9_500).unwrap().is_empty());
    assert!(two.due_reminders(10_000).unwrap().is_empty(), "passed");
    assert_eq!(one.deliveries("h1", 10).unwrap().len(), 1);
    // A new deadline is reminded again.
    one.set_turn("a", 1, &turn(20_000)).unwrap();
    assert_eq!(two.due_reminders(19_500).unwrap().len(), 1);
}

fn removing_a_webhook_removes_its_outbox(open: Open<'_>) {
    let mut store = open();
    store.create(&common::stored_duel("a")).unwrap();
    store.create(&common::stored_duel("b")).unwrap();
    store.add_hook(&hook("h1", "a", 1)).unwrap();
    commit(
        store.as_mut(),
        "a",
        0,
        0,
        &[notice(NoticeKind::GameOver, "x")],
    )
    .unwrap();
    assert!(
        !store.remove_hook("b", "h1").unwrap(),
        "not another table's"
    );
    assert!(store.remove_hook("a", "h1").unwrap());
    assert!(!store.remove_hook("a", "h1").unwrap());
    assert!(store.deliveries("h1", 10).unwrap().is_empty());
    assert!(
        store
            .claim_deliveries("x", u64::MAX / 2, 10, 8)
            .unwrap()
            .is_empty()
    );
    assert!(!store.has_hooks("a").unwrap());
}

fn the_outbox_keeps_the_newest_finished_notices_of_each_webhook(open: Open<'_>) {
    let mut store = open();
    store.create(&common::stored_duel("a")).unwrap();
    store.add_hook(&hook("h1", "a", 1)).unwrap();
    let total = u64::from(KEPT_DONE) + 10;
    for step in 0..total {
        let text = format!("n{step}");
        commit(
            store.as_mut(),
            "a",
            step,
            step,
            &[notice(NoticeKind::TurnOpened, &text)],
        )
        .unwrap();
    }
    // One left pending (the newest), every other delivered in turn.
    for _ in 0..total - 1 {
        let claimed = store
            .claim_deliveries("one", u64::MAX / 4, 1000, 8)
            .unwrap();
        let delivered = Attempt {
            status: Some(200),
            outcome: "HTTP 200 OK".into(),
            next: NextStep::Delivered,
            at: 1,
        };
        store.record_attempt(claimed[0].id, &delivered).unwrap();
    }
    let rows = store.deliveries("h1", 1000).unwrap();
    assert_eq!(rows.len(), KEPT_DONE as usize + 1);
    assert_eq!(rows[0].state, DeliveryState::Pending);
    assert!(
        rows[1..]
            .iter()
            .all(|r| r.state == DeliveryState::Delivered)
    );
    // The newest finished ones are kept.
    assert_eq!(rows[1].step, total - 1);
    assert_eq!(rows.last().unwrap().step, total - u64::from(KEPT_DONE));
}

store_suite!(
    notices_go_out_with_their_act,
    each_webhook_is_claimed_in_order_under_a_lease,
    reminders_are_written_once_per_deadline,
    removing_a_webhook_removes_its_outbox,
    the_outbox_keeps_the_newest_finished_notices_of_each_webhook,
);
