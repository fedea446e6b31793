from companion.table import UNKNOWN, Sighting
from vision.sequence import Noise, noisy_game, score
from vision.tracking import Tracker, TrackerConfig


def feed(tracker, frames, start=0):
    events = []
    for i, sightings in enumerate(frames):
        events += tracker.update((start + i) / 30, sightings)
    return events


def test_a_card_seen_in_one_frame_never_makes_an_event():
    tr = Tracker()
    assert feed(tr, [[Sighting("a", "centre", 0)]] + [[]] * 300) == []


def test_add_move_and_remove_with_times():
    tr = Tracker(TrackerConfig(window=8, votes=4, hold=2.0))
    ev = feed(tr, [[Sighting("a", "seat-0", 1)]] * 6)
    assert [(e.kind, e.zone, e.frame) for e in ev] == [("add", "seat-0", 4)]
    ev = feed(tr, [[Sighting("a", "seat-1", 1)]] * 6, start=6)
    assert [(e.kind, e.zone, e.from_zone) for e in ev] == [("move", "seat-1", "seat-0")]
    ev = feed(tr, [[]] * 70, start=12)
    assert [(e.kind, e.zone) for e in ev] == [("remove", "seat-1")]
    assert ev[0].t >= 2.0 + 11 / 30


def test_a_hand_covering_cards_for_seconds_changes_nothing():
    tr = Tracker(TrackerConfig(hold=5.0))
    feed(tr, [[Sighting("a", "seat-0", 1)]] * 10)
    assert feed(tr, [[]] * 120 + [[Sighting("a", "seat-0", 1)]] * 10, start=10) == []


def test_a_card_slid_across_a_mat_does_not_register_the_crossing():
    tr = Tracker()
    feed(tr, [[Sighting("a", "seat-0", 1)]] * 10)
    ev = feed(tr, [[Sighting("a", "seat-2", 1)]] * 3 + [[Sighting("a", "centre", 1)]] * 8, start=10)
    assert [(e.kind, e.zone) for e in ev] == [("move", "centre")]


def test_a_hidden_mat_shows_its_cards_as_unknown_without_events():
    tr = Tracker()
    feed(tr, [[Sighting("a", "seat-1", 1)]] * 10)
    ev = feed(tr, [[Sighting("a", UNKNOWN, 1)]] * 20, start=10)
    assert ev == []
    tr.update(1.0, [Sighting("a", UNKNOWN, 1)], frozenset({"seat-1"}))
    assert [c.zone for c in tr.cards()] == [UNKNOWN]


def test_noisy_sequence_sample_has_no_spurious_events(game):
    cfg = TrackerConfig()
    seq = noisy_game(list(game.catalogue.ids()), 1000, seed=7)
    tr = Tracker(cfg)
    events = []
    for f, sightings in enumerate(seq.frames):
        events += tr.update(f / seq.fps, list(sightings), empty=seq.empty[f])
    sc = score(seq, events, int(cfg.hold * seq.fps))
    assert sc.changes > 20
    assert (sc.spurious, sc.missed) == (0, 0)
    assert sc.latencies["remove"]
    assert max(sc.latencies["add"] + sc.latencies["move"] + sc.latencies["remove"]) <= 10


def test_noisy_sequence_without_footprints_still_waits_for_the_hold(game):
    cfg = TrackerConfig()
    seq = noisy_game(list(game.catalogue.ids()), 1000, seed=7)
    events = feed(Tracker(cfg), [list(s) for s in seq.frames])
    sc = score(seq, events, int(cfg.hold * seq.fps))
    assert (sc.spurious, sc.missed) == (0, 0)
    # Counted from the first frame its spot is in view, after the hand that took it: up to 12 frames later.
    assert min(sc.latencies["remove"]) >= cfg.hold * seq.fps - Noise().pickup[1]


def test_a_bare_footprint_removes_a_card_within_a_few_frames():
    tr = Tracker(TrackerConfig(window=8, votes=4, empty_votes=4))
    feed(tr, [[Sighting("a", "seat-0", 1)]] * 10)
    bare = [tr.update((10 + i) / 30, [], empty={"a"}) for i in range(6)]
    assert [[(e.kind, e.zone) for e in ev] for ev in bare] == [[], [], [], [("remove", "seat-0")], [], []]


def test_bare_readings_count_only_since_the_card_was_last_seen():
    tr = Tracker(TrackerConfig(window=8, votes=4, empty_votes=4))
    feed(tr, [[Sighting("a", "seat-0", 1)]] * 10)
    events = []
    for i in range(60):  # a false bare reading now and then between sightings never adds up
        events += tr.update((10 + i) / 30, [Sighting("a", "seat-0", 1)] if i % 3 == 2 else [], empty={"a"})
    assert events == []
    assert tr.tracked_ids() == {"a"}


def test_a_card_back_soon_after_its_removal_says_where_it_came_from():
    tr = Tracker(TrackerConfig(window=8, votes=4, empty_votes=4, hold=5.0))
    feed(tr, [[Sighting("a", "seat-0", 1)]] * 10)
    gone = [e for i in range(5) for e in tr.update((10 + i) / 30, [], empty={"a"})]
    assert [(e.kind, e.zone) for e in gone] == [("remove", "seat-0")]
    back = feed(tr, [[Sighting("a", "centre", 1)]] * 6, start=15)
    assert [(e.kind, e.zone, e.from_zone) for e in back] == [("add", "centre", "seat-0")]
