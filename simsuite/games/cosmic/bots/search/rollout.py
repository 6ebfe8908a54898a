"""The rollout side of the `search` strategies (see ``search.py`` for the design): what happens in
a rollout's state, which is a region of the game's state array (``S_WORK``, ``ROLL_SIZE`` words:
a copy of the game, then the header and the tape of ``api.py``'s search regions).

A rollout replays the turn from its start (``S_SNAP``) with the recorded answers
(``rollout_decide``) up to the searched decision, deals the cards the searching seat cannot see
afresh (``resample``), forces the candidate option, and lets ``basic`` answer every later decision
of every seat; ``position_value`` rates the end of the turn for the searching seat.

Imported by the rollout module (``rollout_driver.py`` appended to the kernel source), never by the
game kernel itself.
"""
import numpy as np
from numba import njit

from simsuite.engine.rng import GOLDEN, below, mix64
from simsuite.games.cosmic.api import (
    A_MIND,
    C_CARD_KIND,
    C_CARD_VAL,
    C_EDITION,
    C_N_CARDS,
    C_NP,
    C_WIN_COLONIES,
    CORE_SIZE,
    DESTINY_MOST_FOREIGN,
    ED_FFG2008,
    K_ARTIFACT,
    K_ATTACK,
    K_FLARE,
    K_MORPH,
    K_NEGOTIATE,
    K_REINF,
    MAX_CARDS,
    MAX_HAND,
    N_ART,
    RO_DEAL,
    RO_REACHED,
    RO_RUNNING,
    RO_STATE,
    RO_TAPE,
    S_ALIEN,
    S_ART_CNT,
    S_ART_KIND,
    S_ART_TOTAL,
    S_CARD_D,
    S_CARD_O,
    S_DECK,
    S_DECK_N,
    S_DEF,
    S_DONE,
    S_FACEUP,
    S_FOREIGN,
    S_HAND,
    S_HAND_ART,
    S_HAND_ENC,
    S_HAND_N,
    S_HAND_VER,
    S_HOME,
    S_MIND_HAND,
    S_MIND_HAND_N,
    S_MIND_SEEN,
    S_OFF,
    S_ORD,
    S_ORD_N,
    S_POWER,
    S_REVEALED,
    S_RNG,
    S_RO_ASK,
    S_RO_BUF,
    S_RO_FLAG,
    S_RO_OPT,
    S_RO_POS,
    S_RO_SAMPLE,
    S_RO_SUM,
    S_RO_TGT,
    S_SCR,
    S_SEARCH,
    S_SNAP,
    S_STEP,
    S_TAPE,
    S_WARP,
    S_WHO,
    S_WINNERS,
)
from simsuite.games.cosmic.bots.basic.policy import basic_decide
from simsuite.resources import DATA

SAMPLE_SALT = np.uint64(0x5EA2C4_D1CE5)  # separates the rollout streams from the game's own
# FFG2008 cards in hand (assumed): a reinforcement is worth twice its bonus
# (it can swing an A/A total later), a morph what an average attack card is (it copies the other card)
REINF_VALUE = 2.0
MORPH_VALUE = 10.0


@njit(inline="always")
def _bit(c):
    return np.int64(1) << c


# A set of cards is two words (card ids 0..127): the FFG2008 deck has 72 cards (data.md), more than
# one int64 holds. Card c < 64 is bit c of the low word, the others bit c - 64 of the high word.
assert MAX_CARDS <= 128


@njit(inline="always")
def _set_add(lo, hi, c):
    if c < 64:
        return lo | _bit(c), hi
    return lo, hi | _bit(c - 64)


@njit(inline="always")
def _set_has(lo, hi, c):
    return ((lo >> c) & 1) == 1 if c < 64 else ((hi >> (c - 64)) & 1) == 1


@njit
def sample_stream(rng, sample):
    """The generator of sample `sample` at a searched decision: a hash of the game's generator there
    and the sample index. The same sample index gives every option the same cards and dice (common
    random numbers: the options are compared on the same worlds); the game's own future draws are
    never used as they are."""
    return np.int64(mix64(np.uint64(rng) ^ mix64((np.uint64(sample) + np.uint64(1)) * GOLDEN ^ SAMPLE_SALT)))


@njit
def state_checksum(st):
    """A hash of a game state, strategy scratch and the search mode left out (a rollout's replay must
    reach the searched decision in exactly the state the game was in)."""
    h = np.uint64(1469598103934665603)
    for i in range(CORE_SIZE):
        if (i >= S_SCR and i < S_SCR + 64) or i == S_SEARCH:
            continue
        h = (h ^ np.uint64(st[i])) * np.uint64(1099511628211)
    return np.int64(h | np.uint64(1))  # never 0 (0 = not checked)


@njit
def begin_rollout(st, w, me, opt, sample, tgt, ask, check):
    """Set up rollout state w (a region of st) to replay the turn from its start and force option
    `opt` at decision number `tgt` (kind * 8 + seat = ask); `check` (0 or a state_checksum) is
    compared with the replayed game at that decision. The tape is already in w."""
    for i in range(CORE_SIZE):
        w[i] = st[S_SNAP + i]
    w[S_SEARCH] = 2
    w[S_RO_POS] = 0
    w[S_RO_TGT] = tgt
    w[S_RO_OPT] = opt
    w[S_RO_SAMPLE] = sample
    w[S_RO_ASK] = ask
    w[S_RO_SUM] = check
    w[S_RO_FLAG] = RO_RUNNING


@njit
def rollout_decide(kind, st, cfg, me):
    """The rollout's strategy for every seat: the recorded answer before the searched decision (with
    the generator as the game left it), the forced option at it (after the hidden cards are dealt
    afresh), and ``basic`` after it. A recorded decision that is not the one asked means the replay
    left the game's path: flagged, and ``basic`` plays on (the search then ignores the rollout)."""
    pos = st[S_RO_POS]
    st[S_RO_POS] = pos + 1
    tgt = st[S_RO_TGT]
    if pos < tgt and st[S_RO_FLAG] == RO_RUNNING:
        e = S_TAPE + 3 * pos
        if st[e + 2] == kind * 8 + me:
            st[S_RNG] = st[e + 1]
            return st[e]
        st[S_RO_FLAG] = RO_TAPE
    elif pos == tgt and st[S_RO_FLAG] == RO_RUNNING:
        if st[S_RO_ASK] != kind * 8 + me:
            st[S_RO_FLAG] = RO_TAPE
        elif st[S_RO_SUM] != 0 and state_checksum(st) != st[S_RO_SUM]:
            st[S_RO_FLAG] = RO_STATE
        else:
            st[S_RO_FLAG] = RO_REACHED
            st[S_RNG] = sample_stream(st[S_RNG], st[S_RO_SAMPLE])
            if resample(st, cfg, me) == 0:
                st[S_RO_FLAG] = RO_DEAL
            return st[S_RO_OPT]
    return basic_decide(kind, st, cfg, me)


@njit
def _hidden_card(st, me, side):
    """1 if the encounter card of side (1 offense, 2 defense) is in play and `me` cannot see it: not
    its own, not revealed, not turned face up by the Oracle (CE.22.12)."""
    c = st[S_CARD_O] if side == 1 else st[S_CARD_D]
    if c < 0:
        return 0
    owner = st[S_OFF] if side == 1 else st[S_DEF]
    if owner == me or st[S_REVEALED] == 1 or ((st[S_FACEUP] >> (side - 1)) & 1) == 1:
        return 0
    return 1


@njit(inline="always")
def _is_enc(cfg, c):
    """An encounter card: attack, negotiate or (FFG2008) morph; a reinforcement or a flare is not one
    (CE.36.1, CE.45.1; search is refused with flares, but the deal keeps the engine's meaning)."""
    k = cfg[C_CARD_KIND + c]
    return k != K_ARTIFACT and k != K_REINF and k != K_FLARE


@njit
def _must_hold_encounter_card(st, cfg, q):
    """1 if everybody knows that main player q holds an encounter card now: the offense until it
    has chosen its card (AH2000: else its encounter would have ended at once, CE.17.3; FFG2008 only
    checks at the planning phase, CE.36.3, so only from step 8 on), the defense in step 8 until it
    has chosen (else it would have taken a new hand, CE.17.4). The engine relies on it."""
    step = st[S_STEP]
    if q == st[S_OFF]:
        if cfg[C_EDITION] == ED_FFG2008:
            return 1 if st[S_CARD_O] < 0 and step == 8 else 0
        return 1 if st[S_CARD_O] < 0 and step <= 8 else 0
    if q == st[S_DEF]:
        return 1 if st[S_CARD_D] < 0 and step == 8 else 0
    return 0


@njit
def _take_encounter_card(st, cfg, buf, j, n):
    """Move the first encounter card at or after position j of st[buf : buf + n] to position j; 0 if
    there is none."""
    for k in range(j, n):
        if _is_enc(cfg, st[buf + k]):
            c = st[buf + k]
            st[buf + k] = st[buf + j]
            st[buf + j] = c
            return 1
    return 0


@njit
def _has_encounter_card(st, cfg, base, n):
    for i in range(n):
        if _is_enc(cfg, st[base + i]):
            return 1
    return 0


@njit
def _shuffle_cards(st, base, n):
    """Fisher-Yates shuffle of st[base : base + n] with the sample's generator."""
    for i in range(n - 1, 0, -1):
        j = below(st, S_RNG, i + 1)
        t = st[base + i]
        st[base + i] = st[base + j]
        st[base + j] = t


@njit
def resample(st, cfg, me):
    """Deal every card `me` cannot see afresh, with the generator in st[S_RNG] (CE.70.14).

    The unknown cards are those in the places `me` cannot see: the other hands, the deck and a
    face-down encounter card that is not its own and not turned up by the Oracle (CE.22.12). As a
    set they are public knowledge (every card but those in its hand, the discard pile, set aside,
    face up in play, or an artifact being played or discarded); they are read from those places
    only as a set, taken in card-id order and shuffled, so the deal depends only on which cards are
    unknown, never on where they are.

    If `me` is the Mind and looked at a hand this encounter (CE.22.10), the cards it saw that are
    still unknown stay with that player: in its hand, or one of them (an encounter card) as its
    face-down card if it chose one since. The other unknown cards are dealt: first an encounter card
    for each other face-down card and one for each main player known to hold one
    (``_must_hold_encounter_card``: the engine relies on it), then the rest of each other hand,
    then the deck. The order pile is shuffled too; another Mind's look becomes the hand dealt.
    Nothing is written and 0 is returned if the cards cannot be dealt so (a bug)."""
    N = cfg[C_NP]
    nc = cfg[C_N_CARDS]
    o = st[S_OFF]
    d = st[S_DEF]
    ho = _hidden_card(st, me, 1)
    hd = _hidden_card(st, me, 2)
    unknown = np.int64(0)  # the unknown cards: low word (ids < 64)
    unknown_hi = np.int64(0)  # and high word
    slots = ho + hd + st[S_DECK_N]
    for q in range(N):
        if q != me:
            slots += st[S_HAND_N + q]
            for i in range(st[S_HAND_N + q]):
                unknown, unknown_hi = _set_add(unknown, unknown_hi, st[S_HAND + q * MAX_HAND + i])
    for i in range(st[S_DECK_N]):
        unknown, unknown_hi = _set_add(unknown, unknown_hi, st[S_DECK + i])
    if ho == 1:
        unknown, unknown_hi = _set_add(unknown, unknown_hi, st[S_CARD_O])
    if hd == 1:
        unknown, unknown_hi = _set_add(unknown, unknown_hi, st[S_CARD_D])
    buf = S_RO_BUF
    # the Mind's look: the seen cards still unknown (a set, shuffled) stay with that player
    pin_q = -1
    if st[S_MIND_SEEN] != 0 and st[S_WHO + A_MIND] == me:
        for q in range(N):
            if q != me and ((st[S_MIND_SEEN] >> q) & 1) == 1:
                pin_q = q
                break
    seen = np.int64(0)
    seen_hi = np.int64(0)
    if pin_q >= 0:
        for i in range(st[S_MIND_HAND_N]):
            c = st[S_MIND_HAND + i]
            if _set_has(unknown, unknown_hi, c):
                seen, seen_hi = _set_add(seen, seen_hi, c)
    npin = 0
    for c in range(nc):
        if _set_has(seen, seen_hi, c):
            st[buf + npin] = c
            npin += 1
    _shuffle_cards(st, buf, npin)
    hid_p = 0  # 1: pin_q's face-down card is buf[0], one of the cards seen
    if pin_q >= 0:
        hq = st[S_HAND_N + pin_q]
        if ((pin_q == o and ho == 1) or (pin_q == d and hd == 1)) and _take_encounter_card(st, cfg, buf, 0, npin) == 1:
            hid_p = 1
        cap = hq + hid_p
        if (hq > 0 and _must_hold_encounter_card(st, cfg, pin_q) == 1
                and _has_encounter_card(st, cfg, buf + hid_p, min(npin, cap) - hid_p) == 0):
            cap -= 1  # room for an encounter card from the others
        if npin > cap:
            npin = cap  # the rest are dealt with the others
    kept = np.int64(0)
    kept_hi = np.int64(0)
    for i in range(npin):
        kept, kept_hi = _set_add(kept, kept_hi, st[buf + i])
    n = npin
    for c in range(nc):
        if _set_has(unknown, unknown_hi, c) and not _set_has(kept, kept_hi, c):
            st[buf + n] = c
            n += 1
    if n != slots:
        return 0
    _shuffle_cards(st, buf + npin, n - npin)
    # encounter cards set apart at the front of the pool: the face-down cards, then one for each
    # main player known to hold one
    j = npin
    card_o = -1
    card_d = -1
    if ho == 1:
        if pin_q == o and hid_p == 1:
            card_o = st[buf]
        elif _take_encounter_card(st, cfg, buf, j, n) == 1:
            card_o = st[buf + j]
            j += 1
        else:
            return 0
    if hd == 1:
        if pin_q == d and hid_p == 1:
            card_d = st[buf]
        elif _take_encounter_card(st, cfg, buf, j, n) == 1:
            card_d = st[buf + j]
            j += 1
        else:
            return 0
    res = j  # the reserved encounter cards of the hands are st[buf + res : buf + j], in seat order
    need = np.int64(0)
    for q in range(N):
        if q == me or st[S_HAND_N + q] == 0 or _must_hold_encounter_card(st, cfg, q) == 0:
            continue
        if q == pin_q and _has_encounter_card(st, cfg, buf + hid_p, npin - hid_p) == 1:
            continue
        if _take_encounter_card(st, cfg, buf, j, n) == 0:
            return 0
        need |= _bit(q)
        j += 1
    # the deal (the counts add up: every slot gets exactly one card)
    if ho == 1:
        st[S_CARD_O] = card_o
    if hd == 1:
        st[S_CARD_D] = card_d
    f = j
    for q in range(N):
        if q == me:
            continue
        base = S_HAND + q * MAX_HAND
        h = st[S_HAND_N + q]
        i = 0
        if q == pin_q:
            for t in range(hid_p, npin):
                st[base + i] = st[buf + t]
                i += 1
        if ((need >> q) & 1) == 1:
            st[base + i] = st[buf + res]
            res += 1
            i += 1
        while i < h:
            st[base + i] = st[buf + f]
            i += 1
            f += 1
    for i in range(st[S_DECK_N]):
        st[S_DECK + i] = st[buf + f]
        f += 1
    _hand_caches(st, cfg, me)
    if st[S_MIND_SEEN] != 0 and st[S_WHO + A_MIND] != me:  # another Mind "saw" the hand dealt
        for q in range(N):
            if ((st[S_MIND_SEEN] >> q) & 1) == 1:
                st[S_MIND_HAND_N] = st[S_HAND_N + q]
                for i in range(st[S_HAND_N + q]):
                    st[S_MIND_HAND + i] = st[S_HAND + q * MAX_HAND + i]
                break
    _shuffle_order_pile(st)
    return 1


@njit
def _hand_caches(st, cfg, me):
    """Recompute the engine's hand caches (CE.70.21) after a deal; the version of every hand dealt
    changes, so strategies' caches of hand facts refresh (me's hand is as it was: its caches stay)."""
    N = cfg[C_NP]
    tot = 0
    for a in range(N_ART):
        st[S_ART_KIND + a] = 0
    for q in range(N):
        ne = 0
        na = 0
        for a in range(N_ART):
            st[S_ART_CNT + q * N_ART + a] = 0
        for i in range(st[S_HAND_N + q]):
            c = st[S_HAND + q * MAX_HAND + i]
            if cfg[C_CARD_KIND + c] == K_ARTIFACT:
                na += 1
                st[S_ART_CNT + q * N_ART + cfg[C_CARD_VAL + c]] += 1
                st[S_ART_KIND + cfg[C_CARD_VAL + c]] += 1
            elif _is_enc(cfg, c):
                ne += 1
        st[S_HAND_ENC + q] = ne
        st[S_HAND_ART + q] = na
        if q != me:
            st[S_HAND_VER + q] += 1
        tot += na
    st[S_ART_TOTAL] = tot


@njit
def _shuffle_order_pile(st):
    """The order pile's order is hidden (CE.70.14): sort it by value (its contents are known: the
    discs not yet turned; under FFG2008 the destiny deck's colour, wild and special cards, CE.33),
    then shuffle it with the sample's generator."""
    n = st[S_ORD_N]
    k = 0
    for c in range(DESTINY_MOST_FOREIGN + 1):
        for i in range(k, n):
            if st[S_ORD + i] == c:
                st[S_ORD + i] = st[S_ORD + k]
                st[S_ORD + k] = c
                k += 1
    for i in range(n - 1, 0, -1):
        j = below(st, S_RNG, i + 1)
        t = st[S_ORD + i]
        st[S_ORD + i] = st[S_ORD + j]
        st[S_ORD + j] = t


# ---- the value of a rollout's end: a win probability fitted to games of basic ---------------------
# value_features(st, cfg, me, j) is feature j of seat me's position, read only from what me may see
# (CE.70.14): its own hand, the ships and colonies on the table, hand sizes, which powers are on.
# position_value is the logistic model P(me wins) = 1 / (1 + exp(-sum_j coef[j] * feature j)) with
# the coefficients in simsuite/data/cosmic/value_function.toml, fitted by tools/fit_cosmic_value.py
# to the outcomes of games that basic plays at every seat (the rollouts' policy); a finished game is
# its outcome (a share of 1/k of a joint win of k, 0 otherwise).
FEATURE_NAMES = ("bias", "my_foreign", "my_foreign_to_go_1", "my_foreign_to_go_2", "max_other_foreign",
                 "other_to_go_1", "other_to_go_2", "sum_other_foreign", "my_home", "my_warp", "other_warp_mean",
                 "my_hand_n", "my_hand_value", "my_enc_cards", "other_hand_mean", "my_power_on", "other_powers_on",
                 "players_3", "players_5")
N_FEAT = len(FEATURE_NAMES)


def _load_coefs():
    import tomllib

    path = DATA / "cosmic" / "value_function.toml"
    d = tomllib.loads(path.read_text())
    names = tuple(d["features"])
    assert names == FEATURE_NAMES, f"{path}: features {names} are not those of rollout.py; refit it"
    return np.array(d["coefficients"], dtype=np.float64)


VALUE_COEF = _load_coefs()  # a constant of the compiled rollout module (its cache key hashes the file)
VALUE_SCALE = 100.0  # a win is worth 100 (percent): S_SV keeps means x 1000


@njit(inline="always")
def _card_keep(cfg, c):
    """What a card in hand is worth keeping: an attack card its value, a negotiate 7, a
    reinforcement twice its bonus, a morph 10 (an average attack card), anything else 5."""
    k = cfg[C_CARD_KIND + c]
    if k == K_ATTACK:
        return float(cfg[C_CARD_VAL + c])
    if k == K_NEGOTIATE:
        return 7.0
    if k == K_REINF:
        return REINF_VALUE * cfg[C_CARD_VAL + c]
    if k == K_MORPH:
        return MORPH_VALUE
    return 5.0


@njit
def _features(st, cfg, me):
    """Seat me's features (FEATURE_NAMES), a tuple of floats (kernels cannot allocate): only what me
    may see."""
    N = cfg[C_NP]
    need = cfg[C_WIN_COLONIES]
    mf = st[S_FOREIGN + me]
    mo = 0
    so = 0
    ow = 0.0
    oh = 0.0
    op = 0
    for q in range(N):
        if q != me:
            f = st[S_FOREIGN + q]
            so += f
            if f > mo:
                mo = f
            ow += st[S_WARP + q]
            oh += st[S_HAND_N + q]
            if st[S_POWER + q] == 1 and st[S_ALIEN + q] >= 0:
                op += 1
    hv = 0.0
    ne = 0
    for i in range(st[S_HAND_N + me]):
        c = st[S_HAND + me * MAX_HAND + i]
        hv += _card_keep(cfg, c)
        if _is_enc(cfg, c):
            ne += 1
    return (1.0, float(mf), 1.0 if need - mf == 1 else 0.0, 1.0 if need - mf == 2 else 0.0, float(mo),
            1.0 if need - mo <= 1 else 0.0, 1.0 if need - mo == 2 else 0.0, float(so), float(st[S_HOME + me]),
            float(st[S_WARP + me]), ow / (N - 1), float(st[S_HAND_N + me]), hv / 10.0, float(ne), oh / (N - 1),
            1.0 if st[S_POWER + me] == 1 and st[S_ALIEN + me] >= 0 else 0.0, float(op),
            1.0 if N == 3 else 0.0, 1.0 if N == 5 else 0.0)


@njit
def value_features(st, cfg, me, x):
    """Write seat me's features (FEATURE_NAMES) into x[0 : N_FEAT] (tools/fit_cosmic_value.py, tests)."""
    f = _features(st, cfg, me)
    for j in range(N_FEAT):
        x[j] = f[j]


@njit
def position_value(st, cfg, me):
    """The end of a rollout from me's point of view, on a scale of 100 = a win: a finished game is
    its outcome (a joint win of k shared: 100 / k; a loss 0), else the fitted win probability of
    me's position (value_features) times 100."""
    N = cfg[C_NP]
    w = st[S_WINNERS]
    if st[S_DONE] == 1:
        if w != 0 and ((w >> me) & 1) == 1:
            k = 0
            for q in range(N):
                k += (w >> q) & 1
            return VALUE_SCALE / k
        return 0.0
    f = _features(st, cfg, me)
    z = 0.0
    for j in range(N_FEAT):
        z += VALUE_COEF[j] * f[j]
    return VALUE_SCALE / (1.0 + np.exp(-z))
