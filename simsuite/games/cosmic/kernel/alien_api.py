"""Cosmic kernel part: the power API through which an alien file acts (CE.20, CE.22).

An alien file (games/cosmic/aliens/files.py loads it) defines hooks named after the moments of
CE.20 (``api.HOOK_NAMES``): ``on_w2`` .. ``on_w10``, an optional use in that window's priority loop
(CE.20.1-CE.20.2; return 1 if it acted, then its once-per-encounter use is spent), ``on_resolve``
(start of step 10; return SIDE_OFFENSE / SIDE_DEFENSE to make that side win, 0 otherwise),
``on_regroup`` (step 1, CE.4: after the offense's regroup, before W-1), ``on_destiny`` (step 2, CE.5:
the defense is known, by the order disc or an EXPEL, before W-2), ``on_answer`` (step 7, CE.8.3:
the holder's turn to answer the invitations; hb_offer_side opens a side that did not invite it),
``on_select`` (step 8, CE.9.2:
its start, before either main player selects: who selects first, a card selected face up),
``on_select_second`` (step 8: the first card face down, the other main player about to select from
a hand holding an encounter card: its card drawn at random), ``on_reveal`` (step 9, CE.9.3:
the cards just revealed, before W-9),
``on_count`` (step 10,
both cards attacks: the totals about to be counted; hb_invert_totals), ``on_totals`` (after the A/A
totals of CE.10.3, before reinforcements), ``on_outcome`` (after
step 10's result), ``on_loss`` (E.LOSS, CE.20.6: ships about to go to the warp, the owner's hook
first; return 1 if it sent them elsewhere), ``on_propose`` / ``on_deal`` (a deal's power term,
CE.51: added to a proposal, carried out), ``on_artifact_discard`` (E.ARTDISCARD: return the use's
kind to take the artifact; its own dispatch, ``homebrew_artifact_hook``, as it runs inside an
E.POWER's Zap) and ``on_new_hand`` (CE.17.1: return 1 to keep the artifacts). Each hook is ``(st, cfg, me, log, lg) -> int``: ``st``, ``cfg`` and ``log``
are handles (games/cosmic/handles.py), sealed by the generated dispatch, which numba lets a file
pass on but not index, write or convert; ``me`` is the holder's seat, ``lg`` 1 while the event log
is on. So a hook acts only through the ``hb_*`` functions below, each of which opens its handles
on its first lines (``st = state_of(st)``, ``cfg = cfg_of(cfg)``, ``log = log_of(log)``: every public
primitive with such a parameter must, tests/cosmic/test_alien_files.py checks it). Each writing
primitive checks that it runs in a hook where the rules allow it, and a read of a hidden value (an
encounter card before the reveal) is refused: either misuse records the first offence in
st[S_HB_ERR] and does nothing, and the invariant check reports it (V_ALIEN_API); so does a use
past the limits per seat and encounter (HB_MAX_ADD added to totals, HB_MAX_CARDS cards brought
into hands). A game with a user's file at the table is checked after each turn in which its hook
ran (_hb_after_turn), and a game a file broke is marked in its record (_hb_mark_record). The
generated part (aliens.files.generated_part) defines ``homebrew_hook`` (dispatch on the alien id),
``hb_windows``, ``hb_who``, ``hb_per_window`` (the file's USES),
``HB_TRUSTED`` (those whose file is the package's own, not checked after each turn) and
``HB_MOMENTS_ANY``.

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
import numpy as np
from numba import njit

from simsuite.engine.rng import below
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.handles import cfg_of, log_of, state_of
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----

# misuse codes (st[S_HB_ERR] = (code * 8 + seat) * 64 + hook; aliens.files._misuses names them)
HBE_WINDOW = np.int64(1)  # a primitive used in a hook where it has no effect under the rules
HBE_HIDDEN = np.int64(2)  # a read of what the holder may not see (CE.70.14)
HBE_MEMORY = np.int64(3)  # a power memory word out of range, or another seat's memory written
HBE_TOTAL = np.int64(4)  # more than HB_MAX_ADD added to totals in one encounter, or a total set out of reach
HBE_CARDS = np.int64(5)  # more than HB_MAX_CARDS cards brought into hands in one encounter, or a full hand
HBE_SEAT = np.int64(6)  # another seat named where the running hook's own is required (`me`), or its ships moved
HBE_ARG = np.int64(7)  # an argument of a primitive out of its range (aliens/args.py: a seat, a card, a count ...)
HBE_STEPS = np.int64(8)  # the file's loops past HB_MAX_STEPS in a game (a loop that does not end)
HBE_VIOLATION = np.int64(16)  # + V_*: a CE.70 invariant failed after the file's hook ran (_hb_mark_record)
# hook masks: where each writing primitive may act (bit = W_* / H_* - 40 + 16)
_HM_WINDOWS = np.int64((1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 7) | (1 << 8))
_HM_LAUNCHED = np.int64((1 << 3) | (1 << 4) | (1 << 5) | (1 << 6))  # W-4 to W-8: ships launched, cards face down
_HM_RESOLVE = np.int64(1 << 16)
_HM_TOTALS = np.int64(1 << 17)
_HM_OUTCOME = np.int64(1 << 18)
_HM_LOSS = np.int64(1 << 19)
_HM_REGROUP = np.int64(1 << 20)
_HM_DESTINY = np.int64(1 << 21)
_HM_REVEAL = np.int64(1 << 22)
_HM_PROPOSE = np.int64(1 << 23)
_HM_DEAL = np.int64(1 << 24)
_HM_NEW_HAND = np.int64(1 << 26)
_HM_ANSWER = np.int64(1 << 27)
_HM_SELECT = np.int64(1 << 28)
_HM_SELECT_SECOND = np.int64(1 << 29)
_HM_COUNT = np.int64(1 << 30)
# the fixed moments whose answer hb_moment returns (bit = H_* - 40): resolve, totals, outcome, loss,
# a deal's power term carried out, a new hand's artifacts kept (on_artifact_discard: _hb_artifact_taker)
_HB_ANSWERED = np.int64(0b10100001111)


@njit(inline="always")
def _hook_bit(h):
    return np.int64(1) << (h if h < 40 else h - 40 + 16)


@njit
def _hb_misuse(st, code):
    if st[S_HB_ERR] == 0 and st[S_HB_FORECASTING] == 0:  # a forecast is not the rules' moment (forecast_totals)
        seat = st[S_HB_SEAT] if st[S_HB_SEAT] >= 0 else 7
        st[S_HB_ERR] = (code * 8 + seat) * 64 + (st[S_HB_HOOK] if st[S_HB_HOOK] >= 0 else 63)


@njit(inline="always")
def _hb_spend(st, slot, k, limit, code):
    """Count k more of the running hook's seat's per-encounter allowance at slot (S_HB_ADDED,
    S_HB_CARDS); 1 if it stays within limit, else the misuse is recorded and 0 returned."""
    p = st[S_HB_SEAT]
    if p < 0:
        _hb_misuse(st, HBE_WINDOW)
        return 0
    if st[slot + p] + k > limit:
        _hb_misuse(st, code)
        return 0
    st[slot + p] += k
    return 1


@njit(inline="always")
def _hb_card_to(st, p):
    """1 if one more card may enter p's hand by the running hook's power: the seat's allowance of
    HB_MAX_CARDS per encounter, and room in the hand (MAX_HAND); else a misuse, and 0."""
    if p < 0 or p >= MAX_P:
        return 0
    if st[S_HAND_N + p] >= MAX_HAND:
        _hb_misuse(st, HBE_CARDS)
        return 0
    return _hb_spend(st, S_HB_CARDS, I1, HB_MAX_CARDS, HBE_CARDS)


@njit
def _hb_new_encounter(st):
    """The per-encounter allowances start again (called where an encounter starts)."""
    if st[S_HB_SEATS] != 0:
        for p in range(MAX_P):
            st[S_HB_ADDED + p] = 0
            st[S_HB_CARDS + p] = 0
        st[S_HB_FC] = 0
        st[S_HB_FC + 1] = 0
        st[S_HB_FC + 2] = 0


@njit
def _hb_after_turn(st, cfg):
    """After a turn in which an alien file's hook ran, in a game not checked anyway: the CE.70
    invariants (a misuse of the API among them). A violation ends the game; the hook that ran last
    stays in S_HB_LAST for the record (_hb_mark_record)."""
    if st[S_HB_LAST] < 0:
        return
    v = check_invariants(st, cfg)
    if v != 0:
        _note(st, v)
        st[S_DONE] = 1
    else:
        st[S_HB_LAST] = NONE


@njit
def _hb_mark_record(st, out, i):
    """A game an alien file broke (a misuse of the API, or an invariant violated after its hook):
    the power_uses column of the file's seat becomes -1 - (what * 64 + hook), what = the misuse
    code (HBE_*) or HBE_VIOLATION + the violation code (V_*); aliens.files.broken_game reads it. A game within
    the rules keeps its record as it is."""
    if st[S_HB_SEATS] == 0:
        return
    e = st[S_HB_ERR]
    if e != 0:
        seat = (e // 64) % 8
        what = e // 512
        hook = e % 64
    elif st[S_VIOL] != 0 and st[S_HB_LAST] >= 0:
        seat = st[S_HB_LAST] // 64
        what = HBE_VIOLATION + st[S_VIOL]
        hook = st[S_HB_LAST] % 64
    else:
        return
    if seat < MAX_P:
        out[i, R_POWER_USES + seat] = -1 - (what * 64 + hook)


@njit
def _hb_in(st, mask):
    """1 if the running hook is in `mask`; else the misuse is recorded and 0 returned."""
    h = st[S_HB_HOOK]
    if h >= 0 and (_hook_bit(h) & mask) != 0:
        return 1
    _hb_misuse(st, HBE_WINDOW)
    return 0


@njit
def _hb_tick(st):
    """One pass of a loop of a user's alien file (aliens/files.py pastes a call at the head of each of its
    loops): 1 once the game's loops have passed HB_MAX_STEPS, the loop then left and the misuse
    recorded against the running hook; 0 otherwise. A forecast counts its passes too (the cap holds
    wherever a hook runs)."""
    st = state_of(st)
    st[S_HB_STEPS] += 1
    if st[S_HB_STEPS] <= HB_MAX_STEPS:
        return I0
    _hb_misuse(st, HBE_STEPS)
    return I1


@njit
def _hb_bad_arg(st, code):
    """An argument of a primitive out of its range (the wrappers aliens/args.py generates): recorded
    against the running hook, and the primitive is not called."""
    _hb_misuse(st, code)


@njit(inline="always")
def _hb_main(st, q):
    """1 if seat q is a main player of this encounter (the offense or the defense)."""
    return 1 if (q == st[S_OFF] or q == st[S_DEF]) else 0


@njit
def _hb_checked(a):
    """1 if the CE.70 invariants are checked after a turn in which alien a's hook ran: every file
    but the package's own classics (HB_TRUSTED), which are the engine's code for those aliens."""
    return 0 if a < N_ALIENS and ((HB_TRUSTED >> a) & 1) == 1 else 1


@njit
def _hb_may(st, p, a):
    """Who may use it (hb_who: 0 any, 1 offense, 2 defense, 3 main player, 4 ally, 5 not a main
    player)."""
    w = hb_who(a)
    if w == 0:
        return 1
    o = st[S_OFF]
    d = st[S_DEF]
    if w == 1:
        return 1 if p == o else 0
    if w == 2:
        return 1 if p == d else 0
    if w == 3:
        return 1 if (p == o or p == d) else 0
    if w == 4:
        return 1 if st[S_ALLY + p] != 0 else 0
    return 1 if (p != o and p != d) else 0


@njit(inline="always")
def _hb_enter(st, h, p):
    """Seat p's hook at h becomes the running one; returns the hook it interrupts, for _hb_leave
    (a hook may run inside another's E.POWER: the Vulch takes the Zap played on a Healer's use)."""
    out = (st[S_HB_HOOK], st[S_HB_SEAT])
    st[S_HB_HOOK] = h
    st[S_HB_SEAT] = p
    if _hb_checked(st[S_ALIEN + p]) == 1:
        st[S_HB_LAST] = p * 64 + h
    return out


@njit(inline="always")
def _hb_leave(st, out):
    st[S_HB_HOOK] = out[0]
    st[S_HB_SEAT] = out[1]


@njit
def hb_window(st, cfg, w, p, log, lg):
    """power_window for an alien acting through its file: its hook for window w, once per
    encounter (CE.22: each use of a power is its holder's choice, asked inside the hook)."""
    a = st[S_ALIEN + p]
    bit = np.int64(1) << p
    once = S_WONCE if hb_per_window(a) == 1 else S_ONCE  # the file's USES: per window, or per encounter
    if (st[once] & bit) != 0 or st[S_DEF] < 0 or _hb_may(st, p, a) == 0:
        return 0
    out = _hb_enter(st, w, p)
    r = homebrew_hook(a, w, st, cfg, p, log, lg)
    _hb_leave(st, out)
    if r != 0:
        st[once] |= bit
        return 2 if st[S_REDO] != 0 else 1  # a time travel closes the window (hb_time_travel)
    return 0


@njit
def _hb_at(st, cfg, h, p, log, lg):
    """Seat p's hook at moment h, if its power is on and its `who` allows it now (an earlier
    seat's hook at the same moment may have changed either); its answer, or 0."""
    a = st[S_ALIEN + p]
    if st[S_POWER + p] == 0 or _hb_may(st, p, a) == 0:
        return 0
    if h == H_LOSS:  # what the loss is about, as each seat decides (an earlier seat's Zap answer overwrote it)
        st[S_PK_ARG] = st[S_HB_ARG]
        st[S_PK_ARG2] = st[S_HB_ARG + 1]
    out = _hb_enter(st, h, p)
    r = homebrew_hook(a, h, st, cfg, p, log, lg)
    _hb_leave(st, out)
    return r


@njit
def hb_moment(st, cfg, h, log, lg):
    """The fixed moment h (H_*) for every seat whose file alien has a hook there, power on and
    allowed by its `who`: the classics' files, then the homebrew ones, each in priority order
    (CE.20.2); at E.LOSS the lost ships' owner first (CE.20.6). Returns the first non-zero answer
    where the engine reads one (_HB_ANSWERED: the later seats are not asked then: one side wins,
    one redirection of a loss); at the other moments every seat is asked and the answers are not
    read."""
    m = np.int64(0)  # the seats with a hook at h and their power on
    for p in range(cfg[C_NP]):
        if ((st[S_HB_PMOM + p] >> (h - 40)) & 1) == 1 and st[S_POWER + p] != 0:
            m |= np.int64(1) << p
    if m == 0:
        return 0
    answered = (_HB_ANSWERED >> (h - 40)) & 1
    if h == H_LOSS and ((m >> st[S_HB_ARG]) & 1) == 1:  # CE.20.6: the ships' owner decides first (the Zombie)
        q = st[S_HB_ARG]
        r = _hb_at(st, cfg, h, q, log, lg)
        if r != 0:
            return r
        m &= ~(np.int64(1) << q)
        if m == 0:
            return 0
    if (m & (m - 1)) == 0:  # one seat (the usual case): no priority order to work out
        r = _hb_at(st, cfg, h, np.int64(trailing_zeros(m)), log, lg)
        return r if answered == 1 else 0
    # the classics first, then the homebrew files, each in priority order: a classic's power says
    # what the totals, the resolution or a loss are (the Virus's product, the Pacifist's win, the
    # Healer's rescue), a homebrew power changes them after, as the strategies' forecast has it
    # (forecast.py adds the homebrew files' changes to totals with the classics' already in)
    for homebrew in range(2):
        for i in range(cfg[C_NP]):
            p = _prio(st, cfg, i)
            if ((m >> p) & 1) == 0 or (1 if st[S_ALIEN + p] >= N_ALIENS else 0) != homebrew:
                continue
            r = _hb_at(st, cfg, h, p, log, lg)
            if r != 0 and answered == 1:
                return r
    return 0


@njit
def _hb_artifact_taker(st, cfg, owner, c, log, lg):
    """E.ARTDISCARD (CE.20.3): the alien files' on_artifact_discard for owner's artifact c, in
    priority order, until one takes it (the Vulch, CE.22.19). Returns (seat, its use's kind PK_*)
    or (-1, 0); the caller carries the use out. Those hooks only decide (their own dispatch,
    homebrew_artifact_hook: they run inside an E.POWER's Zap and reach none). The hook's state in
    force before (an E.POWER inside another hook) is kept."""
    if HB_MOMENTS_ANY == 0 or ((st[S_HB_MOMS] >> (H_ARTIFACT - 40)) & 1) == 0:
        return NONE, I0
    a0 = st[S_HB_ARG]
    a1 = st[S_HB_ARG + 1]
    st[S_HB_ARG] = owner
    st[S_HB_ARG + 1] = c
    v = NONE
    pk = I0
    for i in range(cfg[C_NP]):
        p = _prio(st, cfg, i)
        a = st[S_ALIEN + p]
        if ((st[S_HB_PMOM + p] >> (H_ARTIFACT - 40)) & 1) == 0 or st[S_POWER + p] == 0 or _hb_may(st, p, a) == 0:
            continue
        st[S_PK_ARG] = c
        st[S_PK_ARG2] = owner
        out = _hb_enter(st, H_ARTIFACT, p)
        r = homebrew_artifact_hook(a, st, cfg, p, log, lg)
        _hb_leave(st, out)
        if r > 0:
            v = p
            pk = r
            break
    st[S_HB_ARG] = a0
    st[S_HB_ARG + 1] = a1
    st[S_PK_ARG] = c  # the use's E.POWER names the card and its owner
    st[S_PK_ARG2] = owner
    return v, pk


# ---- a power's memory: what it keeps through a game (tokens, counters, a declared choice) ----
@njit
def hb_memory(st, p, i):
    """Word i (from 0 to HB_MEM_WORDS - 1) of seat p's power memory: what p's hooks remembered this game,
    0 at its start. Public, as tokens on an alien sheet are: any hook may read any seat's. Out of
    range: a misuse, and 0."""
    st = state_of(st)
    if i < 0 or i >= HB_MEM_WORDS or p < 0 or p >= MAX_P:
        _hb_misuse(st, HBE_MEMORY)
        return np.int64(0)
    return st[S_HB_MEM + p * HB_MEM_WORDS + i]


@njit
def hb_remember(st, me, i, v):
    """Set word i of the running hook's own power memory to v (in any hook). Another seat's memory,
    or a word out of range: a misuse, and nothing is written."""
    st = state_of(st)
    if i < 0 or i >= HB_MEM_WORDS or me != st[S_HB_SEAT]:
        _hb_misuse(st, HBE_MEMORY)
        return
    st[S_HB_MEM + me * HB_MEM_WORDS + i] = v  # in a forecast too, as in play: forecast_totals puts the words back after


# ---- reads: what any player may see (public state, CE.70.14), and its own hand ----

@njit
def hb_offense(st):
    """The offense's seat."""
    st = state_of(st)
    return st[S_OFF]


@njit
def hb_defense(st):
    """The defense's seat, -1 before one is chosen."""
    st = state_of(st)
    return st[S_DEF]


@njit
def hb_side(st, p):
    """SIDE_OFFENSE / SIDE_DEFENSE for a main player, 0 otherwise."""
    st = state_of(st)
    if p == st[S_OFF]:
        return SIDE_OFFENSE
    if p == st[S_DEF]:
        return SIDE_DEFENSE
    return I0


@njit
def hb_ally_side(st, p):
    """The side p is allied with (SIDE_*), 0 if none."""
    st = state_of(st)
    return st[S_ALLY + p]


@njit
def hb_opponent(st, p):
    """The other main player (for a main player), -1 otherwise."""
    st = state_of(st)
    if p == st[S_OFF]:
        return st[S_DEF]
    if p == st[S_DEF]:
        return st[S_OFF]
    return NONE


@njit
def hb_players(cfg):
    """The number of players."""
    cfg = cfg_of(cfg)
    return cfg[C_NP]


@njit
def hb_hand_size(st, q):
    """How many cards q holds (public)."""
    st = state_of(st)
    return st[S_HAND_N + q]


@njit
def hb_warp(st, q):
    """How many of q's ships are in the warp (public)."""
    st = state_of(st)
    return st[S_WARP + q]


@njit
def hb_strength(st, cfg, side):
    """The side's ships in the encounter, weighted (CE.10.2)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    return offense_strength(st, cfg) if side == SIDE_OFFENSE else defense_strength(st, cfg)


@njit
def hb_own_ships(st, cfg, side):
    """The weighted ships the side's main player has in the encounter (CE.10.2)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    own_o, al_o, own_d, al_d = side_weights(st, cfg)
    return own_o if side == SIDE_OFFENSE else own_d


@njit
def hb_allied_ships(st, cfg, side):
    """The weighted ships the side's allies have in the encounter (CE.10.2)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    own_o, al_o, own_d, al_d = side_weights(st, cfg)
    return al_o if side == SIDE_OFFENSE else al_d


@njit
def hb_lower_total_wins(st):
    """on_totals and later: 1 if the lower total wins this encounter (an Anti-Matter, CE.22.2)."""
    st = state_of(st)
    return st[S_TOT + 6]


@njit
def hb_card_value(st, cfg, side):
    """The value of side's encounter card (0 if not an attack card); hidden before the reveal."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if card_visible(st, side) == 0:
        _hb_misuse(st, HBE_HIDDEN)
        return I0
    c = st[S_CARD_O] if side == SIDE_OFFENSE else st[S_CARD_D]
    return _val_of(st, cfg, c, side) if c >= 0 else I0


@njit
def hb_is_attack(st, cfg, side):
    """1 if side's revealed card counts as an attack (after Emotion Control / Empath)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if card_visible(st, side) == 0:
        _hb_misuse(st, HBE_HIDDEN)
        return I0
    return np.int64(_side_attack(st, cfg, side))


@njit
def hb_is_negotiate(st, cfg, side):
    """1 if side's revealed card is a negotiate card."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if card_visible(st, side) == 0:
        _hb_misuse(st, HBE_HIDDEN)
        return I0
    c = st[S_CARD_O] if side == SIDE_OFFENSE else st[S_CARD_D]
    return I1 if (c >= 0 and _kind_of(st, cfg, c, side) == K_NEGOTIATE) else I0


@njit
def hb_total(st, side):
    """The side's total (on_totals and later)."""
    st = state_of(st)
    return st[S_TOT + 2] if side == SIDE_OFFENSE else st[S_TOT + 5]


@njit
def hb_result(st):
    """The encounter's result R_* (on_outcome)."""
    st = state_of(st)
    return st[S_RESULT]


@njit
def hb_loss_owner(st):
    """on_loss: whose ships are about to be lost."""
    st = state_of(st)
    return st[S_HB_ARG]


@njit
def hb_loss_ships(st):
    """on_loss: how many ships are about to be lost."""
    st = state_of(st)
    return st[S_HB_ARG + 1]


@njit
def hb_loss_may_return(st, cfg, me):
    """on_loss: 1 if the ships may go back to their owner's colonies by `me`'s power: the owner
    has a colony other than the planets they left, and `me` is not barred (the negotiator owed
    compensation for this loss may not be healed, CE.22.7)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    q = st[S_HB_ARG]
    if q != me and q == st[S_HB_ARG + 3]:
        return I0
    return np.int64(_has_colony_except(st, cfg, q, st[S_HB_ARG + 2]))


# ---- the holder's choice and E.POWER ----

@njit
def hb_ask(st, cfg, me, pk):
    """Ask `me` (its strategy, decision D_POWER of kind pk: PK_HOMEBREW, or a classic's kind for
    a classic re-expressed) whether it uses its power now. 1 use, 0 pass."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if st[S_HB_FORECASTING] == 1:  # the forecast assumes the use (as `basic` answers a file's question)
        return I1
    st[S_OPT] = NONE
    st[S_OPT + 1] = I1
    return I1 if _ask_power(st, cfg, me, pk, I2) == 1 else I0


@njit
def hb_ask_seat(st, cfg, me, pk, a, b):
    """Ask `me` to pick seat a or seat b (-1: only a) or pass; returns the seat or -1. The pick
    is st[S_PK_ARG] during the E.POWER that follows."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if st[S_HB_FORECASTING] == 1:
        return a
    st[S_OPT] = NONE
    st[S_OPT + 1] = a
    n = I2
    if b >= 0:
        st[S_OPT + 2] = b
        n = I3
    q = _ask_power(st, cfg, me, pk, n)
    if q >= 0:
        st[S_PK_ARG] = q
    return q


@njit
def hb_event(st, cfg, me, what, log, lg):
    """E.POWER (CE.20.3): the power is about to take effect; a Cosmic Zap may stop it. 1 if it
    takes effect. `what`: the decision kind (PK_*) for a chosen use, FX_* for an automatic one."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if st[S_HB_FORECASTING] == 1:  # no E.POWER in a forecast: no Zap asked, nothing logged or counted
        return I1
    return np.int64(power_event(st, cfg, me, what, log, lg))


# ---- writes: each in the hooks where the rules give it an effect ----

@njit
def hb_add_total(st, side, k):
    """on_totals: add k to side's total (CE.10.3). At most HB_MAX_ADD in all (the sum of |k|) per
    seat and encounter; past it nothing is added and the misuse is recorded."""
    st = state_of(st)
    # the same allowance in a forecast as in play (forecast_totals gives the seat's spending back after)
    if _hb_in(st, _HM_TOTALS) == 1 and _hb_spend(st, S_HB_ADDED, abs(k), HB_MAX_ADD, HBE_TOTAL) == 1:
        st[S_TOT + (2 if side == SIDE_OFFENSE else 5)] += k


@njit
def hb_set_total(st, side, t):
    """on_totals: side's total becomes t, between -r and r, r = HB_MAX_ADD plus the higher of the two
    card values times the side's ships in the encounter (a Virus's product, CE.22.18); past it
    nothing is set and the misuse is recorded."""
    st = state_of(st)
    if _hb_in(st, _HM_TOTALS) == 1:
        ships = st[S_TOT + 1] if side == SIDE_OFFENSE else st[S_TOT + 4]
        reach = HB_MAX_ADD + max(st[S_TOT], st[S_TOT + 3], I1) * abs(ships)
        if abs(t) > reach:
            _hb_misuse(st, HBE_TOTAL)
            return
        st[S_TOT + (2 if side == SIDE_OFFENSE else 5)] = t


@njit
def hb_invert_totals(st, me):
    """on_count: `me`'s power makes the totals count down this encounter (the Anti-Matter, CE.22.2
    revision 2): its own ships and every allied ship on either side subtract, only the other main
    player's own ships add, and the lower total wins (ties still to the defense). A Virus's product
    then keeps its allies subtracting (CE.23.7). Not a main player's, or another seat's: a misuse."""
    st = state_of(st)
    if _hb_in(st, _HM_COUNT) == 0:
        return
    if me != st[S_HB_SEAT] or _hb_main(st, me) == 0:
        _hb_misuse(st, HBE_SEAT)
        return
    st[S_INVERT] = SIDE_OFFENSE if me == st[S_OFF] else SIDE_DEFENSE


@njit
def hb_lower_wins(st, on):
    """on_totals: 1 the lower total wins the encounter (CE.22.2), 0 the higher (CE.10.4)."""
    st = state_of(st)
    if _hb_in(st, _HM_TOTALS) == 1:
        st[S_TOT + 6] = on


@njit
def hb_swap_hands(st, cfg, a, b):
    """In a window: a and b exchange their whole hands (CE.22.17)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if _hb_in(st, _HM_WINDOWS) == 1 and a >= 0 and b >= 0 and a != b:
        _swap_hands(st, cfg, a, b)


@njit
def hb_look_at_hand(st, me, q):
    """In a window: `me` sees q's hand as it is now (its strategy reads it through the api's
    seen-hand functions, CE.22.10)."""
    st = state_of(st)
    if _hb_in(st, _HM_WINDOWS) == 1 and q >= 0:
        st[S_MIND_SEEN] |= np.int64(1) << q
        n = st[S_HAND_N + q]
        st[S_MIND_HAND_N] = n
        for i in range(n):
            st[S_MIND_HAND + i] = st[S_HAND + q * MAX_HAND + i]


@njit
def hb_draw(st, cfg, p, log, lg):
    """p draws a card from the deck (CE.17.2). Returns it, -1 if none."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if _hb_in(st, _HM_WINDOWS | _HM_OUTCOME | _HM_LOSS | _HM_REGROUP | _HM_DESTINY) == 0 or _hb_card_to(st, p) == 0:
        return NONE
    c = _draw(st, cfg, log, lg)
    if c >= 0:
        _hand_add(st, cfg, p, c)
    return c


@njit
def hb_take_random(st, cfg, me, q):
    """`me` takes a card at random from q's hand. Returns it, -1 if q has none."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    return _move_random_card(st, cfg, q, me)


@njit
def hb_give_random(st, cfg, me, q):
    """`me` gives a card at random from its hand to q. Returns it, -1 if it has none."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    return _move_random_card(st, cfg, me, q)


@njit
def _move_random_card(st, cfg, src, dst):
    """A card at random from src's hand to dst's (hb_take_random, hb_give_random); -1 if none moves."""
    if _hb_in(st, _HM_WINDOWS | _HM_OUTCOME) == 0 or src == dst or min(src, dst) < 0 or st[S_HAND_N + src] == 0:
        return NONE
    if _hb_card_to(st, dst) == 0:
        return NONE
    c = _hand_take(st, cfg, src, below(st, S_RNG, st[S_HAND_N + src]))
    _hand_add(st, cfg, dst, c)
    return c


@njit
def hb_retrieve(st, cfg, me, k, log, lg):
    """Up to k of `me`'s ships leave the warp for its colonies, as it chooses (CE.0.8). Returns
    how many."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if _hb_in(st, _HM_WINDOWS | _HM_OUTCOME | _HM_REGROUP | _HM_DESTINY) == 0:
        return I0
    n = st[S_WARP + me] if st[S_WARP + me] < k else k
    if n <= 0:
        return I0
    st[S_WARP + me] -= n
    place_ships(st, cfg, me, n, I0, CTX_POWER, log, lg)
    return n


@njit
def hb_return_lost(st, cfg, ctx, log, lg):
    """on_loss: the ships about to be lost go back to their owner's colonies instead (not the
    planets they left); ctx: CTX_HEALER / CTX_ZOMBIE (how the log names it)."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if _hb_in(st, _HM_LOSS) == 0:
        return I0
    place_ships(st, cfg, st[S_HB_ARG], st[S_HB_ARG + 1], st[S_HB_ARG + 2], ctx, log, lg)
    return I1


@njit
def hb_join(st, cfg, me, side, log, lg):
    """W-7: `me` joins side (SIDE_*) as an ally, uninvited (CE.22.14): 1 to 4 ships from its colonies
    (decision D_ALLY_SHIPS, CE.8.4). Not for a main player, one already allied or one a Force
    Field removed (CE.21.2): then nothing happens; another seat than the hook's own: a misuse."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    log = log_of(log)
    if _hb_in(st, np.int64(1 << 5)) == 0 or _hb_main(st, me) == 1:
        return
    if me != st[S_HB_SEAT]:  # another seat's ships: a hook may not send them into an alliance
        _hb_misuse(st, HBE_SEAT)
        return
    if st[S_ALLY + me] == 0 and ((st[S_FF_OUT] >> me) & 1) == 0 and (side == SIDE_OFFENSE or side == SIDE_DEFENSE):
        _join(st, cfg, me, side, log, lg)


@njit
def hb_ask_about(st, cfg, me, pk, arg):
    """hb_ask with st[S_PK_ARG] = arg (what the use is about: a card, a seat) while it decides."""
    st = state_of(st)
    cfg = cfg_of(cfg)
    if st[S_HB_FORECASTING] == 1:
        return I1
    st[S_PK_ARG] = arg
    return hb_ask(st, cfg, me, pk)
