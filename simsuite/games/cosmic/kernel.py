"""Cosmic Encounter (AH2000) batch kernel (rules: ../shared/rules/cosmic_encounter.md, ids CE.x.y).

This file is not imported directly: ``simsuite.codegen`` writes it, followed by the jitted
strategy dispatch ``strategy_decide(sid, kind, st, cfg, me)`` built from the strategy files, into
one module in the cache directory, named by a hash of every source involved.

One game is played start to finish by ``play_game`` on one int64 state array; ``run_batch``
plays a range of game indices in parallel, one output row per game.

Alien powers (CE.22, rulings CE.23) act at the places CE.20 names: the windows of CE.20.1
(``window`` asks ``power_window`` before the artifacts: Amoeba, Chronos, Filch, Mind, Mutant,
Parasite, Philanthropist, Sorcerer, Trader), the triggers of CE.20.3 (``power_event`` = E.POWER
with Cosmic Zap, before every use and automatic effect; ``loss_event`` = E.LOSS: Zombie then
Healer; ``compensation`` = E.COMP; ``artifact_discard`` = E.ARTDISCARD: Vulch), and the fixed
moments: ``select_cards`` (step 8: Oracle, Laser), ``reveal`` (Empath), ``side_totals`` (Macron,
Anti-Matter, Virus), ``outcome`` (Pacifist at the start of step 10, Clone at the discards),
``answers`` (Parasite), ``launch`` (Macron's one ship), ``new_hand`` (Vulch keeps its artifacts)
and ``negotiate`` (Zombie's RELEASE). A power acts only while on (CE.19: enough home colonies,
not zapped). With no alien in the game (``S_ANY_ALIEN`` 0) every hook is skipped at run time.

Conventions: no Python int literal is ever passed to a non-inlined function (use the np.int64
constants NONE, I0, I1, ...), so each function compiles exactly once.

Readings this engine had to choose where the contract leaves a gap (each documented here):

* New hands (CE.17.1 / CE.17.4, A19 "play if a legal use exists at that moment"): a new hand is
  not a window (CE.20.1, A24), so the only artifact with a legal use then is the offense's Mobius
  Tube at its start-of-turn new hand (A28); every other artifact is discarded.
* A Plague on the defense between step 4 and the outcome cannot take the ships on the target
  planet: they are in the encounter and frozen (CE.7.2, CE.70.11).
* Defensive allies never put returning ships on the target planet (A12 applied to every return:
  DEFENSE_WIN, N/N, Force Field, early end), rewards included.
* An offense that cannot get any encounter card at the start of its turn (A19) has one encounter
  with NO_RESULT and its turn ends.
* Ship sources (CE.50 "sources") and placements (CE.50.15) are chosen as chunks of 1-4 ships from
  or onto one colony per decision; a single permitted colony with a forced count asks nothing.
* Ships per player beyond planets x start ships start in the warp (CE.80 keys are independent).
* With deal_propose_policy = strategy the proposer picks from a menu (``deal_menu``): the standard
  deal, every one-sided colony, 0-2 cards each way, and a colony paid with 1-2 cards.
* Powers: the Amoeba's one adjustment is asked as "add k" or "take back k", and after adding, "also
  take back r" (so it can move ships between colonies, CE.22.1 "and/or"); a Zombie proposer may
  add RELEASE(k) to its proposal (or propose it alone when no standard deal exists), and the
  standard_only policy accepts the standard deal with a RELEASE added (it only gives the
  responder ships back); a RELEASE takes effect (E.POWER) when the deal is carried out; Chronos's
  time travel closes W-9 at once (the reveal it acted on is cancelled); "excluding the planet they
  are removed from" (Healer, Zombie) is the target planet for the defense's ships and every
  planet the ships were taken from for Plague and the failed-deal penalty; ships about to be lost
  still count for their owner's power until the loss event is over (a Zombie defending its third
  home colony may redirect them); Mutant fills to 7 cards whatever new_hand_size is.
"""
import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from simsuite.kernel_common import discards_to_deck, log_event as _log, note_illegal, shuffle
from simsuite.rng import below
from simsuite.games.cosmic.api import *  # noqa: F401,F403  (layout constants)
from simsuite.games.cosmic.records import *  # noqa: F401,F403

# --- event log (replay) -------------------------------------------------------------------
(E_START, E_TURN, E_NEW_HAND, E_NEW_HAND_FAIL, E_ENCOUNTER, E_REGROUP, E_DISC, E_DISC_RESHUFFLE,
 E_OWN_COLOUR, E_RESETTLE, E_EXPEL, E_SHIP_FROM, E_LAUNCH, E_TARGET, E_INVITE, E_ALLY, E_ARTIFACT,
 E_REVEAL, E_TOTALS, E_RESULT, E_LOSS, E_LAND, E_PLACE, E_NO_COLONY, E_REWARD, E_COMP, E_GAS,
 E_DEAL_PROPOSE, E_DEAL_ANSWER, E_DEAL_TERM, E_POWER, E_WIN, E_TIMEOUT, E_DECK_RESHUFFLE, E_DISCARD,
 E_SECOND, E_EARLY_END, E_ZAP, E_DEFENSE, E_SELECT, E_END_TURN, E_ALIEN, E_ALIENS) = (np.int64(k) for k in range(1, 44))
# E_DEAL_TERM kinds
TERM_CARDS_OD, TERM_CARDS_DO, TERM_COLONY_DO, TERM_COLONY_OD, TERM_RELEASE = (np.int64(k) for k in range(5))
# E_ALIEN details (what the power did; PK_* for optional uses, these for automatic effects)
FX_MACRON, FX_ANTI_MATTER, FX_VIRUS, FX_ORACLE, FX_EMPATH = (np.int64(k) for k in range(100, 105))
MUTANT_HAND = np.int64(7)  # CE.22.11
# E_EARLY_END reasons
END_OFFENSE_OUT, END_DEFENSE_NO_CARD, END_NO_SHIPS, END_RESETTLE = (np.int64(k) for k in range(4))
I2 = np.int64(2)
I3 = np.int64(3)
I4 = np.int64(4)
M1 = np.int64(-1)


@njit(inline="always")
def _colonies(st, p, xm):
    """Bit mask of p's colonies (planets with a ship of p), without the planets in mask xm."""
    return st[S_CMASK + p] & ~xm


@njit(inline="always")
def _pbit(pl):
    """Mask of planet pl (-1: the empty mask)."""
    return (np.int64(1) << pl) if pl >= 0 else np.int64(0)


@njit(inline="always")
def _cw(o, s, N):
    """Seat s places clockwise from o (0 <= o, s < N): (o + s) % N without a division."""
    q = o + s
    return q - N if q >= N else q


@njit(inline="always")
def _lowest(m):
    """Index of the lowest set bit of m (m != 0)."""
    return np.int64(trailing_zeros(m))


@njit(inline="always")
def _colony_options(st, p, excl, n):
    """Write p's colonies (not planet excl) as options from index n on, lowest planet first;
    returns the new option count."""
    cm = _colonies(st, p, _pbit(excl))
    while cm != 0:
        st[S_OPT + n] = _lowest(cm)
        cm &= cm - 1
        n += 1
    return n


@njit(inline="always")
def _chunk_options(st, p, xm, room, by_ships, n):
    """Ship-chunk options src_code(pl, k) for each colony of p (not in mask xm), k = 1..room, and
    with by_ships = 1 also k <= the ships there (taking ships rather than placing them), written
    from index n on; returns the new option count."""
    cm = _colonies(st, p, xm)
    while cm != 0:
        pl = _lowest(cm)
        cm &= cm - 1
        m = room
        if by_ships == 1 and st[S_PS + p * MAX_PLANETS + pl] < m:
            m = st[S_PS + p * MAX_PLANETS + pl]
        for c in range(1, m + 1):
            st[S_OPT + n] = pl * SRC_SHIFT + c
            n += 1
    return n


@njit(inline="always")
def _shuffle(st, base, n):
    shuffle(st, S_RNG, base, n)


@njit(inline="always")
def _decide(st, cfg, p, kind):
    """Ask seat p's strategy to pick among the options in st[S_OPT:]; return the option value.
    With a single legal option nothing is asked (CE.50: only real choices are decisions)."""
    n = st[S_NOPT]
    if n == 1:
        return st[S_OPT]
    i = strategy_decide(st[S_STRAT + p], kind, st, cfg, p)  # noqa: F821 (generated)
    if i < 0 or i >= n:  # CE.50: not a legal option: rejected (counted; the run reports it)
        note_illegal(st, S_ILLEGAL, S_ILLEGAL_SEAT, p)
        i = 0
    return st[S_OPT + i]


@njit(inline="always")
def after_decide(st, i, kind, me):
    """The generated strategy dispatch passes every answer through here (simsuite/codegen.py): while
    a searching seat plays, its rollouts replay this turn's answers (search.py)."""
    if st[S_SEARCH] == 1:
        _tape_record(st, i, kind, me)
    return i


@njit
def _tape_record(st, i, kind, p):
    """Keep answer i (as the strategy gave it) of seat p to this turn's decision of `kind`, with the
    generator after it (a strategy may have drawn from it), so a rollout can replay the turn from its
    start up to any decision (search.py: the engine's control flow is on the call stack, not in the
    state)."""
    n = st[S_TAPE_N]
    if n < MAX_TAPE:
        e = S_TAPE + 3 * n
        st[e] = i
        st[e + 1] = st[S_RNG]
        st[e + 2] = kind * 8 + p
        st[S_TAPE_N] = n + 1


@njit
def _turn_snapshot(st, o):
    """The state at the start of o's turn, for the rollouts of a searching seat (search.py)."""
    for i in range(CORE_SIZE):
        st[S_SNAP + i] = st[i]
    st[S_TAPE_O] = o
    st[S_TAPE_N] = 0


@njit(inline="always")
def _prio(st, cfg, i):
    """Seat at position i of the priority order (CE.20.2): the offense, the defense (once known),
    then the others clockwise from the offense's left."""
    N = cfg[C_NP]
    o = st[S_OFF]
    d = st[S_DEF]
    if i == 0:
        return o
    if d < 0:
        return _cw(o, i, N)
    if i == 1:
        return d
    j = 0
    for s in range(1, N):
        q = _cw(o, s, N)
        if q != d:
            j += 1
            if j == i - 1:
                return q
    return o


# ---- cards ------------------------------------------------------------------------------------
@njit
def _hand_add(st, cfg, p, c):
    n = st[S_HAND_N + p]
    st[S_HAND + p * MAX_HAND + n] = c
    st[S_HAND_N + p] = n + 1
    st[S_HAND_VER + p] += 1
    k = cfg[C_CARD_KIND + c]
    if k == K_ARTIFACT:
        st[S_HAND_ART + p] += 1
        st[S_ART_TOTAL] += 1
        st[S_ART_CNT + p * N_ART + cfg[C_CARD_VAL + c]] += 1
        st[S_ART_KIND + cfg[C_CARD_VAL + c]] += 1
    else:
        st[S_HAND_ENC + p] += 1


@njit
def _hand_take(st, cfg, p, i):
    """Remove and return the card at index i of p's hand (the last card takes its place)."""
    base = S_HAND + p * MAX_HAND
    n = st[S_HAND_N + p] - 1
    c = st[base + i]
    st[base + i] = st[base + n]
    st[S_HAND_N + p] = n
    st[S_HAND_VER + p] += 1
    k = cfg[C_CARD_KIND + c]
    if k == K_ARTIFACT:
        st[S_HAND_ART + p] -= 1
        st[S_ART_TOTAL] -= 1
        st[S_ART_CNT + p * N_ART + cfg[C_CARD_VAL + c]] -= 1
        st[S_ART_KIND + cfg[C_CARD_VAL + c]] -= 1
    else:
        st[S_HAND_ENC + p] -= 1
    return c


@njit
def _hand_index(st, p, c):
    base = S_HAND + p * MAX_HAND
    for i in range(st[S_HAND_N + p]):
        if st[base + i] == c:
            return i
    return -1


@njit
def _hand_remove(st, cfg, p, c):
    return _hand_take(st, cfg, p, _hand_index(st, p, c))


@njit
def _take_artifact(st, cfg, p, kind):
    """Remove one artifact of `kind` from p's hand and return it (-1 if p holds none)."""
    base = S_HAND + p * MAX_HAND
    for i in range(st[S_HAND_N + p]):
        c = st[base + i]
        if cfg[C_CARD_KIND + c] == K_ARTIFACT and cfg[C_CARD_VAL + c] == kind:
            return _hand_take(st, cfg, p, np.int64(i))
    return -1


@njit(inline="always")
def _discard(st, c):
    st[S_DISC + st[S_DISC_N]] = c
    st[S_DISC_N] += 1


@njit
def _draw(st, cfg, log, lg):
    """Top card of the deck; an empty deck is rebuilt from the discard pile first (CE.17.7, A4).
    -1 when both are empty."""
    n = st[S_DECK_N]
    if n == 0:
        if st[S_DISC_N] == 0:
            return -1
        m = discards_to_deck(st, S_RNG, S_DECK, S_DISC, S_DISC_N)
        st[S_N_RESHUF] += 1
        if lg:
            _log(log, E_DECK_RESHUFFLE, m, I0, I0, I0, I0, I0)
        n = m
    n -= 1
    st[S_DECK_N] = n
    return st[S_DECK + n]


@njit
def _enc_supply(st, cfg):
    """Encounter cards in the deck and the discard pile together (CE.17.5)."""
    k = cfg[C_N_ENC]
    for p in range(cfg[C_NP]):
        k -= st[S_HAND_ENC + p]
    if st[S_CARD_O] >= 0:
        k -= 1
    if st[S_CARD_D] >= 0:
        k -= 1
    for i in range(st[S_ASIDE_N]):
        if cfg[C_CARD_KIND + st[S_ASIDE + 2 * i]] != K_ARTIFACT:
            k -= 1
    return k


@njit
def _ask_power(st, cfg, p, pk, n):
    """D_POWER: seat p picks among n options already in st[S_OPT:] (option 0 = PASS)."""
    st[S_PK] = pk
    st[S_NOPT] = n
    return _decide(st, cfg, p, D_POWER)


@njit
def _first_answer(st, cfg, kind, param):
    """E.POWER / E.COMP (CE.20.3): the holders of artifact `kind` are asked once each in priority
    order (pass, or play it with `param`); the first to play settles the matter. Returns that
    seat, or -1. The caller sets st[S_WINDOW] to the trigger."""
    for i in range(cfg[C_NP]):
        q = _prio(st, cfg, i)
        if st[S_ART_CNT + q * N_ART + kind] > 0:
            st[S_OPT] = NONE
            st[S_OPT + 1] = art_code(kind, param)
            st[S_NOPT] = 2
            if _decide(st, cfg, q, D_ARTIFACT) >= 0:
                return q
    return NONE


@njit
def _zap(st, cfg, q, p, log, lg):
    """q's Cosmic Zap takes effect on p's power (CE.21.1); returns the used card (not yet placed)."""
    card = _take_artifact(st, cfg, q, ART_ZAP)
    st[S_N_ART] += 1
    st[S_ART_USED + ART_ZAP] += 1
    st[S_ZAPPED + p] = 1
    power_update(st, cfg, p, log, lg)
    if lg:
        _log(log, E_ARTIFACT, q, ART_ZAP, p, T_POWER, card, I0)
        _log(log, E_ZAP, p, q, I0, I0, I0, I0)
    return card


@njit
def _play_zap(st, cfg, q, p, log, lg):
    """q plays Cosmic Zap on p's power (CE.21.1). The used card is about to reach the discard pile;
    a Vulch (not q, not zapped) may collect it, and that use is itself an E.POWER (CE.20.3) a
    second Zap may answer. The chain ends there: a zapped Vulch cannot collect the second card.
    (Written without recursion: numba kernels stay non-recursive.)"""
    card = _zap(st, cfg, q, p, log, lg)
    v = st[S_WHO + A_VULCH]
    if v >= 0 and v != q and st[S_POWER + v] == 1:
        st[S_OPT] = NONE
        st[S_OPT + 1] = I1
        st[S_PK_ARG] = card
        st[S_PK_ARG2] = q
        if _ask_power(st, cfg, v, PK_VULCH, I2) == 1:
            q2 = NONE
            if st[S_ART_KIND + ART_ZAP] > 0:
                pend = st[S_PEND_POWER]
                st[S_PEND_POWER] = v
                q2 = _first_answer(st, cfg, ART_ZAP, v)
                st[S_PEND_POWER] = pend
            if q2 >= 0:
                _discard(st, _zap(st, cfg, q2, v, log, lg))
            else:
                st[S_POWER_USES + v] += 1
                if lg:
                    _log(log, E_ALIEN, v, A_VULCH, PK_VULCH, card, q, I0)
                _hand_add(st, cfg, v, card)
                return
    _discard(st, card)


@njit
def power_event(st, cfg, p, what, log, lg):
    """E.POWER (CE.20.3, CE.21.1): seat p's power is about to take effect (an optional use or an
    automatic effect). Cosmic Zap holders are asked in priority order; the first Zap settles it.
    Returns 1 if the power takes effect (counted and logged), 0 if it is off or was zapped (p's
    power is then off until the end of the encounter)."""
    if st[S_POWER + p] == 0:
        return 0
    if st[S_ART_KIND + ART_ZAP] > 0:
        w_old = st[S_WINDOW]
        st[S_WINDOW] = T_POWER
        st[S_PEND_POWER] = p
        q = _first_answer(st, cfg, ART_ZAP, p)
        if q >= 0:
            _play_zap(st, cfg, q, p, log, lg)
        st[S_WINDOW] = w_old
        if q >= 0:
            return 0
    st[S_POWER_USES + p] += 1
    if lg:
        _log(log, E_ALIEN, p, st[S_ALIEN + p], what, st[S_PK_ARG], st[S_PK_ARG2], I0)
    return 1


@njit
def artifact_discard(st, cfg, owner, c, log, lg):
    """E.ARTDISCARD (CE.20.3): another player's artifact is about to reach the discard pile; the
    Vulch (CE.22.19) may collect it, card by card."""
    v = st[S_WHO + A_VULCH]
    if v >= 0 and v != owner and st[S_POWER + v] == 1:
        st[S_OPT] = NONE
        st[S_OPT + 1] = I1
        st[S_PK_ARG] = c
        st[S_PK_ARG2] = owner
        if _ask_power(st, cfg, v, PK_VULCH, I2) == 1 and power_event(st, cfg, v, PK_VULCH, log, lg) == 1:
            _hand_add(st, cfg, v, c)
            return
    _discard(st, c)


@njit
def _card_options(st, cfg, p, want):
    """Options = one card id per distinct card class in p's hand; want: -2 any card, else a kind.
    Returns the number of options written."""
    base = S_HAND + p * MAX_HAND
    seen = np.int64(0)
    n = 0
    for i in range(st[S_HAND_N + p]):
        c = st[base + i]
        k = cfg[C_CARD_KIND + c]
        if want == -2 or k == want or (want == -3 and k != K_ARTIFACT):
            b = np.int64(1) << cfg[C_CARD_CLASS + c]
            if (seen & b) == 0:
                seen |= b
                st[S_OPT + n] = c
                n += 1
    return n


ANY_CARD = np.int64(-2)
ENC_CARD = np.int64(-3)


# ---- ships, colonies, power, victory ---------------------------------------------------------
@njit
def power_update(st, cfg, p, log, lg):
    """CE.19.1 / CE.70.5: the power is on exactly when p has >= the threshold of home colonies and
    is not zapped this encounter. Checked after every change of p's home colonies."""
    on = 1 if (st[S_HOME + p] >= cfg[C_POWER_HOME] and st[S_ZAPPED + p] == 0) else 0
    if on != st[S_POWER + p]:
        st[S_POWER + p] = on
        if on == 0 and st[S_ZAPPED + p] == 0:
            st[S_N_POWER_OFF] += 1
        if lg:
            _log(log, E_POWER, p, on, st[S_HOME + p], st[S_ZAPPED + p], I0, I0)


@njit
def ships_add(st, cfg, p, pl, d, log, lg):
    """Put d ships of p on planet pl (d < 0 takes them off). Keeps the colony caches: the colony
    exists exactly while p has a ship there (CE.16.1, CE.70.4); power check (CE.19)."""
    i = S_PS + p * MAX_PLANETS + pl
    before = st[i]
    after = before + d
    st[i] = after
    st[S_ONPL + p] += d
    if before == 0 and after > 0:
        st[S_CMASK + p] |= np.int64(1) << pl
        if pl // PPS_MAX == p:
            st[S_HOME + p] += 1
            power_update(st, cfg, p, log, lg)
        else:
            st[S_FOREIGN + p] += 1
    elif before > 0 and after == 0:
        st[S_CMASK + p] &= ~(np.int64(1) << pl)
        if pl // PPS_MAX == p:
            st[S_HOME + p] -= 1
            if st[S_QUIET] == 0:  # ships about to be lost: checked after the loss event
                power_update(st, cfg, p, log, lg)
        else:
            st[S_FOREIGN + p] -= 1


@njit
def check_victory(st, cfg, log, lg):
    """CE.18: every player with >= win_colonies foreign colonies at this moment wins; the game ends."""
    m = 0
    k = 0
    for p in range(cfg[C_NP]):
        if st[S_FOREIGN + p] >= cfg[C_WIN_COLONIES]:
            m |= 1 << p
            k += 1
    if m != 0:
        st[S_WINNERS] = m
        st[S_DONE] = 1
        if lg:
            _log(log, E_WIN, np.int64(m), np.int64(k), I0, I0, I0, I0)
        return 1
    return 0


@njit
def _loss(st, cfg, p, k, xm, barred, log, lg):
    """E.LOSS (CE.20.6): k ships of p (already taken from their zone; `xm` = the planets they came
    from, a bit mask) are about to go to the warp. First the Zombie for its own ships (CE.22.20), then
    the Healer for another player's (CE.22.7; never `barred`, the negotiator owed compensation for
    this loss, nor a player with no colony to receive them). Returns the ships that reached the
    warp."""
    if k <= 0:
        return 0
    if st[S_ANY_ALIEN] == 1:
        st[S_PK_ARG] = p
        st[S_PK_ARG2] = k
        z = st[S_WHO + A_ZOMBIE]
        if z == p and st[S_POWER + p] == 1 and _has_colony_except(st, cfg, p, xm) == 1:
            st[S_OPT] = NONE
            st[S_OPT + 1] = I1
            if _ask_power(st, cfg, p, PK_ZOMBIE, I2) == 1 and power_event(st, cfg, p, PK_ZOMBIE, log, lg) == 1:
                place_ships(st, cfg, p, k, xm, CTX_ZOMBIE, log, lg)  # no other colony: to the warp
                return 0
        h = st[S_WHO + A_HEALER]
        if h >= 0 and h != p and p != barred and st[S_POWER + h] == 1 and _has_colony_except(st, cfg, p, xm) == 1:
            st[S_PK_ARG] = p
            st[S_PK_ARG2] = k
            st[S_OPT] = NONE
            st[S_OPT + 1] = I1
            if _ask_power(st, cfg, h, PK_HEALER, I2) == 1 and power_event(st, cfg, h, PK_HEALER, log, lg) == 1:
                place_ships(st, cfg, p, k, xm, CTX_HEALER, log, lg)
                c = _draw(st, cfg, log, lg)
                if c >= 0:
                    _hand_add(st, cfg, h, c)
                return 0
    st[S_WARP + p] += k
    if lg:
        _log(log, E_LOSS, p, k, st[S_WARP + p], I0, I0, I0)
    return k


@njit(inline="always")
def _end_quiet(st, cfg, p, log, lg):
    """Close a step begun with st[S_QUIET] = 1 (ships_add left p's power check for later): the
    check runs now, once, for the whole step (CE.19.1)."""
    if st[S_QUIET] == 1:
        st[S_QUIET] = 0
        power_update(st, cfg, p, log, lg)


@njit
def loss_event(st, cfg, p, k, xm, barred, log, lg):
    """E.LOSS as _loss. A caller that took the ships off their planets with st[S_QUIET] = 1 (so
    the ships still count for p's power while the Zombie decides, CE.20.6 / CE.19.1) gets p's
    power checked here, after the event."""
    r = _loss(st, cfg, p, k, xm, barred, log, lg)
    _end_quiet(st, cfg, p, log, lg)
    return r


@njit
def take_ships(st, cfg, p, kind, kmin, kmax, excl, ms_ok, log, lg):
    """A "sources" choice (CE.50) in chunks: decision `kind`, options src_code(pl, k) = k ships (1..4)
    from p's colony pl (not `excl`), from the mothership's centre row if ms_ok (RESETTLE), and
    -1 = stop once kmin are taken. The ships leave their planets at once (CE.6.3, CE.16.1).
    Returns the number taken."""
    st[S_CTX] = kind
    st[S_CTX_N] = 0
    st[S_CTX_MIN] = kmin
    st[S_CTX_MAX] = kmax
    st[S_TAKEN_FROM] = 0
    xm = _pbit(excl)
    taken = 0
    while taken < kmax:
        n = I0
        if taken >= kmin:
            st[S_OPT] = NONE
            n = I1
        room = kmax - taken
        if room > MAX_CHUNK:
            room = MAX_CHUNK
        n = _chunk_options(st, p, xm, room, I1, n)
        if ms_ok == 1 and st[S_CENTRE] > 0 and st[S_OFF] == p:
            m = st[S_CENTRE] if st[S_CENTRE] < room else room
            for c in range(1, m + 1):
                st[S_OPT + n] = OPT_MOTHERSHIP * SRC_SHIFT + c
                n += 1
        if n == 0 or (n == 1 and taken >= kmin):
            break
        if kmin == kmax and n == room and st[S_OPT] // SRC_SHIFT == st[S_OPT + n - 1] // SRC_SHIFT:
            code = st[S_OPT + n - 1]  # one source and an exact count: the whole chunk, no choice
        else:
            st[S_NOPT] = n
            code = _decide(st, cfg, p, kind)
        if code < 0:
            break
        src = code // SRC_SHIFT
        c = code % SRC_SHIFT
        if src == OPT_MOTHERSHIP:
            st[S_CENTRE] -= c
        else:
            ships_add(st, cfg, p, src, -c, log, lg)
            st[S_TAKEN_FROM] |= np.int64(1) << src
        taken += c
        st[S_CTX_N] = taken
        if lg:
            _log(log, E_SHIP_FROM, p, src, kind, c, I0, I0)
    return taken


@njit
def place_ships(st, cfg, p, k, xm, ctx, log, lg):
    """Return rule (CE.0.8, CE.50.15): put k ships of p on its colonies as it chooses (never on a
    planet in mask xm), a chunk of 1..4 ships per decision; with no permitted colony they go to
    the warp (CE.16.3)."""
    st[S_CTX] = ctx
    left = k
    while left > 0:
        st[S_CTX_N] = left
        room = left if left < MAX_CHUNK else MAX_CHUNK
        n = _chunk_options(st, p, xm, room, I0, I0)
        if n == 0:
            st[S_WARP + p] += left
            if lg:
                _log(log, E_NO_COLONY, p, left, ctx, I0, I0, I0)
            return
        if n == room:  # a single permitted colony: every ship goes there, nothing to decide
            pl = st[S_OPT] // SRC_SHIFT
            c = left
        else:
            st[S_NOPT] = n
            code = _decide(st, cfg, p, D_PLACE)
            pl = code // SRC_SHIFT
            c = code % SRC_SHIFT
        ships_add(st, cfg, p, pl, c, log, lg)
        left -= c
        if lg:
            _log(log, E_PLACE, p, pl, ctx, c, I0, I0)


@njit
def _has_colony_except(st, cfg, p, xm):
    return 1 if _colonies(st, p, xm) != 0 else 0


# ---- artifacts (CE.21) -------------------------------------------------------------------------
@njit
def _ally_mask(st, cfg):
    m = 0
    for q in range(cfg[C_NP]):
        if st[S_ALLY + q] != 0:
            m |= 1 << q
    return m


@njit
def art_plays(st, cfg, p, w, kind, n):
    """Append to the options the legal plays of artifact `kind` by p at window/trigger w
    (CE.21, windows CE.20.1; new-hand timing A19/A28, see game notes). Returns the new count."""
    N = cfg[C_NP]
    if kind == ART_PLAGUE:  # CE.21.4: any window (not a new hand, A24), any victim (itself included, A26)
        if w <= W_10:
            for v in range(N):
                st[S_OPT + n] = art_code(kind, v)
                n += 1
    elif kind == ART_MOBIUS:  # CE.21.3: the offense, W-E0 / W-1 / its start-of-turn new hand (A28)
        if (w == W_E0 or w == W_1 or w == T_NEWHAND_TURN) and p == st[S_OFF]:
            st[S_OPT + n] = art_code(kind, I0)
            n += 1
    elif kind == ART_FORCE_FIELD:  # CE.21.2: W-7 / W-8, a non-empty set of current allies
        if w == W_7 or w == W_8:
            m = _ally_mask(st, cfg)
            if m != 0:
                for s in range(1, m + 1):
                    if (s & ~m) == 0:
                        st[S_OPT + n] = art_code(kind, s)
                        n += 1
    elif kind == ART_EMOTION:  # CE.21.6: W-9 with at least one revealed attack card
        if w == W_9 and st[S_REVEALED] == 1 and (_side_attack(st, cfg, SIDE_OFFENSE) == 1
                                                  or _side_attack(st, cfg, SIDE_DEFENSE) == 1):
            st[S_OPT + n] = art_code(kind, I0)
            n += 1
    elif kind == ART_ZAP:  # CE.21.1: only on E.POWER
        if w == T_POWER:
            st[S_OPT + n] = art_code(kind, st[S_PEND_POWER])
            n += 1
    elif kind == ART_GAS:  # CE.21.5: only on E.COMP
        if w == T_COMP:
            st[S_OPT + n] = art_code(kind, st[S_CLAIMANT])
            n += 1
    return n


@njit
def _plague(st, cfg, v, log, lg):
    """CE.21.4 / A26: v loses 3 ships from its colonies (its choice; all if fewer) to the warp, then
    discards one attack, one negotiate and one artifact card of its choice (a missing kind is
    skipped). The defense's ships on the target planet are in the encounter, not on a colony it can
    give up, from step 4 until the outcome (CE.7.2, CE.70.11)."""
    excl = NONE
    if v == st[S_DEF] and st[S_TARGET] >= 0 and st[S_RESULT] == R_NONE:
        excl = st[S_TARGET]
    avail = st[S_ONPL + v]
    if excl >= 0:
        avail -= st[S_PS + v * MAX_PLANETS + excl]
    k = avail if avail < 3 else 3
    if k > 0:
        st[S_QUIET] = 1
        got = take_ships(st, cfg, v, D_PLAGUE_SHIPS, k, k, excl, I0, log, lg)
        # redirected / healed: not back onto the planets they left, nor onto the frozen target
        # (CE.22.7, CE.22.20, CE.7.2)
        loss_event(st, cfg, v, got, st[S_TAKEN_FROM] | _pbit(excl), NONE, log, lg)
    for kind in range(3):
        n = _card_options(st, cfg, v, np.int64(kind))
        if n == 0:
            continue
        st[S_NOPT] = n
        c = _decide(st, cfg, v, D_PLAGUE_DISCARD)
        _hand_remove(st, cfg, v, c)
        if lg:
            _log(log, E_DISCARD, v, c, I0, I0, I0, I0)
        if kind == K_ARTIFACT:
            artifact_discard(st, cfg, v, c, log, lg)
        else:
            _discard(st, c)


@njit
def _mobius(st, cfg, log, lg):
    """CE.21.3: every player with a colony moves all its warp ships onto its colonies."""
    for i in range(cfg[C_NP]):
        q = _prio(st, cfg, i)
        k = st[S_WARP + q]
        if k > 0 and st[S_ONPL + q] > 0:
            st[S_WARP + q] = 0
            place_ships(st, cfg, q, k, I0, CTX_MOBIUS, log, lg)


@njit
def _force_field(st, cfg, mask, log, lg):
    """CE.21.2: the named allies' ships go home (return rule; defensive allies not onto the target
    planet, A12); they stop being allies and cannot join again this encounter."""
    N = cfg[C_NP]
    o = st[S_OFF]
    for s in range(1, N):
        q = _cw(o, s, N)
        if (mask >> q) & 1:
            k = st[S_WING + q]
            if k > 0:
                st[S_WING + q] = 0
                place_ships(st, cfg, q, k, I0, CTX_FORCE_FIELD, log, lg)
            k = st[S_CARRIER + q]
            if k > 0:
                st[S_CARRIER + q] = 0
                place_ships(st, cfg, q, k, _pbit(st[S_TARGET]), CTX_FORCE_FIELD, log, lg)
            st[S_ALLY + q] = 0
            st[S_FF_OUT] |= 1 << q


@njit
def play_artifact(st, cfg, p, code, log, lg):
    """p plays one artifact (code = art_code(kind, param)): it resolves at once, then goes to the
    discard pile (CE.21.0)."""
    kind = code // 64
    param = code % 64
    card = _take_artifact(st, cfg, p, kind)
    st[S_N_ART] += 1
    st[S_ART_USED + kind] += 1
    if lg:
        _log(log, E_ARTIFACT, p, kind, param, st[S_WINDOW], card, I0)
    if kind == ART_PLAGUE:
        _plague(st, cfg, param, log, lg)
    elif kind == ART_MOBIUS:
        _mobius(st, cfg, log, lg)
    elif kind == ART_FORCE_FIELD:
        _force_field(st, cfg, param, log, lg)
    elif kind == ART_EMOTION:
        st[S_EMOTION] = 1
    # ART_ZAP is played only through power_event (_play_zap); ART_GAS: the caller (compensation) lets the claim lapse
    artifact_discard(st, cfg, p, card, log, lg)


@njit
def _swap_hands(st, cfg, a, b):
    """CE.22.17: a and b exchange their whole hands (the caches follow)."""
    na = st[S_HAND_N + a]
    nb = st[S_HAND_N + b]
    m = na if na > nb else nb
    for i in range(m):
        x = st[S_HAND + a * MAX_HAND + i]
        st[S_HAND + a * MAX_HAND + i] = st[S_HAND + b * MAX_HAND + i]
        st[S_HAND + b * MAX_HAND + i] = x
    for f in (S_HAND_N, S_HAND_ENC, S_HAND_ART):
        x = st[f + a]
        st[f + a] = st[f + b]
        st[f + b] = x
    for k in range(N_ART):
        x = st[S_ART_CNT + a * N_ART + k]
        st[S_ART_CNT + a * N_ART + k] = st[S_ART_CNT + b * N_ART + k]
        st[S_ART_CNT + b * N_ART + k] = x
    st[S_HAND_VER + a] += 1
    st[S_HAND_VER + b] += 1


@njit
def _yes_no(st, cfg, p, pk):
    """A PASS / use decision (options -1, 1). Returns 1 for use."""
    st[S_OPT] = NONE
    st[S_OPT + 1] = I1
    return 1 if _ask_power(st, cfg, p, pk, I2) == 1 else 0


@njit
def _amoeba(st, cfg, p, log, lg):
    """CE.22.1 at W-8: one adjustment of its ships in the encounter: add from its colonies and/or
    take back to them (asked as: add k or take back k; after adding, also take back r); the
    offense's limit of 4 does not apply; 0 ships left is allowed; the power check (CE.19) runs
    after the whole adjustment."""
    o = st[S_OFF]
    t = st[S_TARGET]
    if p == o:
        inn = st[S_CENTRE]
        avail = st[S_ONPL + p]
    else:
        inn = st[S_PS + p * MAX_PLANETS + t]
        avail = st[S_ONPL + p] - inn
    st[S_OPT] = NONE
    n = 1
    for k in range(1, min(avail, 40) + 1):
        st[S_OPT + n] = k
        n += 1
    for k in range(1, min(inn, 40) + 1):
        st[S_OPT + n] = AMOEBA_REMOVE + k
        n += 1
    if n == 1:
        return 0
    ch = _ask_power(st, cfg, p, PK_AMOEBA, np.int64(n))
    if ch < 0:
        return 0
    back = I0
    if ch < AMOEBA_REMOVE:
        k = min(inn + ch, 40)
        st[S_PK_ARG] = ch
        st[S_OPT] = NONE
        for r in range(1, k + 1):
            st[S_OPT + r] = AMOEBA_REMOVE + r
        r = _ask_power(st, cfg, p, PK_AMOEBA_BACK, np.int64(k + 1))
        if r >= 0:
            back = r - AMOEBA_REMOVE
    else:
        back = ch - AMOEBA_REMOVE
        ch = I0
    st[S_WONCE] |= np.int64(1) << p
    st[S_PK_ARG] = ch
    st[S_PK_ARG2] = back
    if power_event(st, cfg, p, PK_AMOEBA, log, lg) == 0:
        return 1
    st[S_QUIET] = 1  # one step: the power check waits for the whole adjustment
    if ch > 0:
        if p == o:
            st[S_CENTRE] += take_ships(st, cfg, p, D_POWER_SHIPS, ch, ch, NONE, I0, log, lg)
        else:
            got = take_ships(st, cfg, p, D_POWER_SHIPS, ch, ch, t, I0, log, lg)
            ships_add(st, cfg, p, t, got, log, lg)
    if back > 0:
        if p == o:
            st[S_CENTRE] -= back
            place_ships(st, cfg, p, back, I0, CTX_AMOEBA, log, lg)
        else:
            ships_add(st, cfg, p, t, -back, log, lg)
            place_ships(st, cfg, p, back, _pbit(t), CTX_AMOEBA, log, lg)
    _end_quiet(st, cfg, p, log, lg)
    return 1


@njit
def _phil_may_give(st, cfg, p):
    """A46 revision 2 (philanthropist_giver): 1 if p may give as the Philanthropist: anyone under
    `any`; under `main_or_ally` only a main player or a current ally (st[S_ALLY + p] != 0)."""
    if cfg[C_PHIL_GIVER] == PHIL_GIVER_ANY:
        return 1
    if p == st[S_OFF] or p == st[S_DEF] or st[S_ALLY + p] != 0:
        return 1
    return 0


@njit
def _philanthropist(st, cfg, p, log, lg):
    """CE.22.15: give one card of its hand to the offense or the defense (or an ally, A46 switch);
    under philanthropist_giver = main_or_ally only a main player or an ally gives (A46 revision 2)."""
    N = cfg[C_NP]
    if _phil_may_give(st, cfg, p) == 0:
        return 0
    st[S_OPT] = NONE
    n = 1
    seen = np.int64(0)
    base = S_HAND + p * MAX_HAND
    for i in range(st[S_HAND_N + p]):
        c = st[base + i]
        b = np.int64(1) << cfg[C_CARD_CLASS + c]
        if (seen & b) != 0:
            continue
        seen |= b
        for q in range(N):
            if q == p:
                continue
            if q == st[S_OFF] or q == st[S_DEF] or (cfg[C_PHIL_ALLIES] == 1 and st[S_ALLY + q] != 0):
                if n < MAX_OPT:
                    st[S_OPT + n] = c * 8 + q
                    n += 1
    if n == 1:
        return 0
    ch = _ask_power(st, cfg, p, PK_PHILANTHROPIST, np.int64(n))
    if ch < 0:
        return 0
    st[S_ONCE] |= np.int64(1) << p
    st[S_PK_ARG] = ch // 8
    st[S_PK_ARG2] = ch % 8
    if power_event(st, cfg, p, PK_PHILANTHROPIST, log, lg) == 1:
        _hand_remove(st, cfg, p, ch // 8)
        _hand_add(st, cfg, ch % 8, ch // 8)
    return 1


@njit
def _mutant(st, cfg, p, log, lg):
    """CE.22.11: draw one card at a time until it holds 7, each from the deck or at random from the
    hand of another player of its choice."""
    if _yes_no(st, cfg, p, PK_MUTANT) == 0:
        return 0
    st[S_ONCE] |= np.int64(1) << p
    if power_event(st, cfg, p, PK_MUTANT, log, lg) == 0:
        return 1
    while st[S_HAND_N + p] < MUTANT_HAND:
        n = 0
        if st[S_DECK_N] + st[S_DISC_N] > 0:
            st[S_OPT] = NONE
            n = 1
        for q in range(cfg[C_NP]):
            if q != p and st[S_HAND_N + q] > 0:
                st[S_OPT + n] = q
                n += 1
        if n == 0:
            break
        src = _ask_power(st, cfg, p, PK_MUTANT_SRC, np.int64(n))
        if src < 0:
            c = _draw(st, cfg, log, lg)
        else:
            c = _hand_take(st, cfg, src, below(st, S_RNG, st[S_HAND_N + src]))
        _hand_add(st, cfg, p, c)
        if lg:
            _log(log, E_ALIEN, p, A_MUTANT, PK_MUTANT_SRC, src, I0, I0)
    return 1


@njit
def _join(st, cfg, q, side, log, lg):
    """CE.8.4: q commits 1-4 ships from its colonies (Macron: 1, CE.22.9) to a wing or its carrier."""
    avail = st[S_ONPL + q]
    kmax = avail if avail < 4 else 4
    if st[S_ALIEN + q] == A_MACRON and st[S_POWER + q] == 1:
        kmax = 1
    st[S_ALLY + q] = side  # already an ally while it picks its ships (strategies may look)
    k = take_ships(st, cfg, q, D_ALLY_SHIPS, I1, np.int64(kmax), NONE, I0, log, lg)
    if side == SIDE_OFFENSE:
        st[S_WING + q] = k
    else:
        st[S_CARRIER + q] = k
    if lg:
        _log(log, E_ALLY, q, side, k, I0, I0, I0)


@njit
def power_window(st, cfg, w, p, log, lg):
    """CE.20.2: seat p's turn in window w for an optional use of its power (CE.22, CE.50.20).
    Returns 0 (pass), 1 (acted) or 2 (acted and the window closes: Chronos's time travel)."""
    if st[S_POWER + p] == 0:
        return 0
    a = st[S_ALIEN + p]
    o = st[S_OFF]
    d = st[S_DEF]
    if d < 0:
        return 0
    bit = np.int64(1) << p
    main = p == o or p == d
    opp = d if p == o else o
    early = w == W_2 or w == W_4 or w == W_6 or w == W_7
    if (st[S_ONCE] & bit) != 0:
        if a != A_AMOEBA and a != A_SORCERER:
            return 0
    if a == A_AMOEBA:
        if w == W_8 and main and (st[S_WONCE] & bit) == 0 and (st[S_IN7] & bit) != 0:
            return _amoeba(st, cfg, p, log, lg)
    elif a == A_SORCERER:
        if (w == W_8 and main and (st[S_WONCE] & bit) == 0 and st[S_REVEALED] == 0 and st[S_CARD_O] >= 0
                and st[S_CARD_D] >= 0 and _yes_no(st, cfg, p, PK_SORCERER) == 1):
            st[S_WONCE] |= bit
            if power_event(st, cfg, p, PK_SORCERER, log, lg) == 1:  # CE.22.16
                x = st[S_CARD_O]
                st[S_CARD_O] = st[S_CARD_D]
                st[S_CARD_D] = x
                f = st[S_FACEUP]
                st[S_FACEUP] = ((f & 1) << 1) | ((f >> 1) & 1)
            return 1
    elif a == A_CHRONOS:
        if (w == W_9 and main and st[S_REVEALED] == 1 and st[S_CARD_O] >= 0 and st[S_CARD_D] >= 0
                and _yes_no(st, cfg, p, PK_CHRONOS) == 1):
            st[S_ONCE] |= bit
            if power_event(st, cfg, p, PK_CHRONOS, log, lg) == 0:
                return 1  # zapped: the first reveal stands
            st[S_REDO] = 1
            return 2
    elif a == A_MIND:
        if early:
            st[S_OPT] = NONE
            n = 1
            if opp >= 0 and main:
                st[S_OPT + 1] = opp
                n = 2
            elif not main:
                st[S_OPT + 1] = o
                st[S_OPT + 2] = d
                n = 3
            q = _ask_power(st, cfg, p, PK_MIND, np.int64(n))
            if q >= 0:
                st[S_ONCE] |= bit
                st[S_PK_ARG] = q
                if power_event(st, cfg, p, PK_MIND, log, lg) == 1:  # CE.22.10
                    st[S_MIND_SEEN] |= np.int64(1) << q
                    n = st[S_HAND_N + q]  # what it saw: the hand now, not as it changes later
                    st[S_MIND_HAND_N] = n
                    for i in range(n):
                        st[S_MIND_HAND + i] = st[S_HAND + q * MAX_HAND + i]
                return 1
    elif a == A_PHILANTHROPIST:
        if early and st[S_HAND_N + p] > 0 and _phil_may_give(st, cfg, p) == 1:  # A46
            return _philanthropist(st, cfg, p, log, lg)
    elif a == A_TRADER:
        if early and main and _yes_no(st, cfg, p, PK_TRADER) == 1:
            st[S_ONCE] |= bit
            if power_event(st, cfg, p, PK_TRADER, log, lg) == 1:  # CE.22.17
                _swap_hands(st, cfg, p, opp)
            return 1
    elif a == A_MUTANT:
        if (w == W_8 or w == W_9 or w == W_10) and main and st[S_HAND_N + p] < MUTANT_HAND:
            return _mutant(st, cfg, p, log, lg)
    elif a == A_PARASITE:
        if (w == W_7 and not main and st[S_ALLY + p] == 0 and ((st[S_FF_OUT] >> p) & 1) == 0
                and st[S_ONPL + p] > 0 and cfg[C_NP] >= 3):
            st[S_OPT] = NONE
            st[S_OPT + 1] = SIDE_OFFENSE
            st[S_OPT + 2] = SIDE_DEFENSE
            side = _ask_power(st, cfg, p, PK_PARASITE, I3)
            if side > 0:
                st[S_ONCE] |= bit
                if power_event(st, cfg, p, PK_PARASITE, log, lg) == 1:  # CE.22.14
                    _join(st, cfg, p, side, log, lg)
                return 1
    elif a == A_FILCH:
        if w == W_10 and main:
            c = st[S_LAST_CD] if p == o else st[S_LAST_CO]
            if c >= 0:
                j = -1
                for i in range(st[S_DISC_N]):
                    if st[S_DISC + i] == c:
                        j = i
                if j >= 0:
                    st[S_PK_ARG] = c
                    if _yes_no(st, cfg, p, PK_FILCH) == 1:
                        st[S_ONCE] |= bit
                        if power_event(st, cfg, p, PK_FILCH, log, lg) == 1:  # CE.22.6
                            n = st[S_DISC_N] - 1
                            st[S_DISC + j] = st[S_DISC + n]
                            st[S_DISC_N] = n
                            _hand_add(st, cfg, p, c)
                        return 1
    return 0


@njit(inline="always")
def _power_can_act(st, p, w):
    """p's alien power has an optional use in window w (CE.22 timings; conditions checked later).
    Reads the per-seat window mask _alien_windows built at setup."""
    if st[S_POWER + p] == 0:
        return 0
    return (st[S_PWIN + p] >> w) & 1


@njit
def _alien_windows(a):
    """Bit mask of the windows in which alien a has an optional use (CE.22 timings)."""
    m = np.int64(0)
    for w in range(T_NEWHAND_DEF + 1):
        if _alien_window(a, w) == 1:
            m |= np.int64(1) << w
    return m


@njit
def _alien_window(a, w):
    """1 if alien a (-1: none) has an optional use in window w."""
    if a < 0:
        return 0
    if w == W_2 or w == W_4 or w == W_6 or w == W_7:
        if a == A_MIND or a == A_PHILANTHROPIST or a == A_TRADER or (a == A_PARASITE and w == W_7):
            return 1
    elif w == W_8:
        if a == A_AMOEBA or a == A_SORCERER or a == A_MUTANT:
            return 1
    elif w == W_9:
        if a == A_CHRONOS or a == A_MUTANT:
            return 1
    elif w == W_10:
        if a == A_FILCH or a == A_MUTANT:
            return 1
    return 0


@njit
def _artifact_turn(st, cfg, w, p, log, lg):
    """p's turn in a window's priority loop: pass (0) or play one artifact (1)."""
    st[S_OPT] = NONE
    n = I1
    for kind in range(N_ART):
        if st[S_ART_CNT + p * N_ART + kind] > 0:
            n = art_plays(st, cfg, p, w, np.int64(kind), n)
    if n == 1:
        return 0
    st[S_NOPT] = n
    code = _decide(st, cfg, p, D_ARTIFACT)
    if code < 0:
        return 0
    play_artifact(st, cfg, p, code, log, lg)
    return 1


@njit
def _window_live(st, cfg, w):
    """0 when nobody can act in window w: no alien, and no artifact in any hand playable there
    (Cosmic Zap and Stellar Gas answer triggers only). A cheap test run before the priority loop."""
    if st[S_ART_KIND + ART_PLAGUE] > 0:
        return 1
    if st[S_ANY_ALIEN] == 1:
        for p in range(cfg[C_NP]):
            if _power_can_act(st, p, w) == 1:
                return 1
    if (w == W_E0 or w == W_1) and st[S_ART_CNT + st[S_OFF] * N_ART + ART_MOBIUS] > 0:
        return 1
    if (w == W_7 or w == W_8) and st[S_ART_KIND + ART_FORCE_FIELD] > 0 and _ally_mask(st, cfg) != 0:
        return 1
    if w == W_9 and st[S_ART_KIND + ART_EMOTION] > 0 and st[S_EMOTION] == 0:
        return 1
    return 0


@njit(inline="always")
def _art_can_act(st, p, w):
    """p holds an artifact whose timing includes window w (its legality is checked by art_plays)."""
    b = S_ART_CNT + p * N_ART
    if st[b + ART_PLAGUE] > 0:
        return 1
    if (w == W_E0 or w == W_1) and st[b + ART_MOBIUS] > 0 and p == st[S_OFF]:
        return 1
    if (w == W_7 or w == W_8) and st[b + ART_FORCE_FIELD] > 0:
        return 1
    if w == W_9 and st[b + ART_EMOTION] > 0:
        return 1
    return 0


@njit
def _live_mask(st, cfg, w):
    """Seats that might act in window w: an alien power (CE.22 hooks) or a playable artifact."""
    m = 0
    for p in range(cfg[C_NP]):
        if (st[S_ANY_ALIEN] == 1 and _power_can_act(st, p, w) == 1) or _art_can_act(st, p, w) == 1:
            m |= 1 << p
    return m


@njit
def window(st, cfg, w, log, lg):
    """A timing window (CE.20.1) with the priority loop of CE.20.2: players are asked in priority
    order, each passes or takes one action (an alien power's optional use, or one artifact); the
    window closes when every player has passed in a row since the last action."""
    if st[S_DONE] == 1:
        return
    st[S_WINDOW] = w
    if _window_live(st, cfg, w) == 0:
        return
    N = cfg[C_NP]
    st[S_WONCE] = 0
    # Players who cannot act can only pass, so the loop visits just those who can; it closes when
    # each of them has passed since the last action (exactly the CE.20.2 rule).
    live = _live_mask(st, cfg, w)
    passed = 0
    i = I0
    while (live & ~passed) != 0:
        p = _prio(st, cfg, i)
        if (live >> p) & 1:
            acted = 0
            if st[S_ANY_ALIEN] == 1 and _power_can_act(st, p, w) == 1:
                acted = power_window(st, cfg, w, p, log, lg)
                if acted == 2 or st[S_DONE] == 1:
                    return
            if acted == 0 and _art_can_act(st, p, w) == 1:
                acted = _artifact_turn(st, cfg, w, p, log, lg)
            if acted == 1:
                if w <= W_7 and st[S_HAND_ENC + st[S_OFF]] == 0:
                    return  # CE.17.3: the offense ran out of encounter cards: its turn ends at once
                passed = 0
                live = _live_mask(st, cfg, w)
            else:
                passed |= 1 << p
        i += 1
        if i == N:
            i = 0


# ---- new hands (CE.17) -----------------------------------------------------------------------
@njit
def new_hand(st, cfg, p, timing, log, lg):
    """CE.17.1 / CE.17.4 / A19: p (holding no encounter card) plays, if legal now, or discards each
    artifact, then draws new_hand_size cards; repeated until it holds an encounter card.
    Returns 0 when the deck and the discard pile cannot supply one (CE.17.5)."""
    w_old = st[S_WINDOW]
    st[S_WINDOW] = timing
    while st[S_HAND_ENC + p] == 0:
        if _enc_supply(st, cfg) <= 0:
            st[S_WINDOW] = w_old
            if lg:
                _log(log, E_NEW_HAND_FAIL, p, timing, I0, I0, I0, I0)
            return 0
        keep = 0
        if (st[S_HAND_N + p] > 0 and st[S_WHO + A_VULCH] == p and st[S_POWER + p] == 1
                and _yes_no(st, cfg, p, PK_VULCH_KEEP) == 1 and power_event(st, cfg, p, PK_VULCH_KEEP, log, lg) == 1):
            keep = 1  # CE.22.19: the Vulch keeps all its artifacts and draws
        while st[S_HAND_N + p] > 0 and keep == 0:
            c = st[S_HAND + p * MAX_HAND + st[S_HAND_N + p] - 1]  # only artifacts are left
            st[S_OPT] = NONE
            n = art_plays(st, cfg, p, timing, cfg[C_CARD_VAL + c], np.int64(1))
            choice = NONE
            if n > 1:
                st[S_NOPT] = n
                choice = _decide(st, cfg, p, D_NEW_HAND)
            if choice < 0:
                _hand_remove(st, cfg, p, c)
                if lg:
                    _log(log, E_DISCARD, p, c, I1, I0, I0, I0)
                artifact_discard(st, cfg, p, c, log, lg)
            else:
                play_artifact(st, cfg, p, choice, log, lg)
        got = I0
        for j in range(cfg[C_NEW_HAND]):
            c = _draw(st, cfg, log, lg)
            if c < 0:
                break
            _hand_add(st, cfg, p, c)
            got += 1
        if lg:
            _log(log, E_NEW_HAND, p, got, timing, st[S_HAND_ENC + p], I0, I0)
    st[S_WINDOW] = w_old
    return 1


# ---- the steps of an encounter ------------------------------------------------------------------
@njit
def regroup(st, cfg, o, log, lg):
    """CE.4 step 1: optionally one warp ship onto a colony, or onto the mothership with no colony."""
    if st[S_WARP + o] == 0:
        return
    st[S_OPT] = NONE
    n = 1
    n = _colony_options(st, o, NONE, n)
    if n == 1:
        st[S_OPT + 1] = OPT_MOTHERSHIP  # CE.4.2
        n = 2
    st[S_NOPT] = n
    dest = _decide(st, cfg, o, D_REGROUP)
    if dest < 0:
        return
    st[S_WARP + o] -= 1
    if dest == OPT_MOTHERSHIP:
        st[S_CENTRE] += 1
    else:
        ships_add(st, cfg, o, dest, I1, log, lg)
    if lg:
        _log(log, E_REGROUP, o, dest, I0, I0, I0, I0)


@njit
def _flip_disc(st, cfg, log, lg):
    """CE.5.1 / CE.5.2 (A5): turn the top disc onto the order discard; an emptied pile is rebuilt
    from the whole discard, that disc included."""
    n = st[S_ORD_N] - 1
    c = st[S_ORD + n]
    st[S_ORD_N] = n
    st[S_ORDD + st[S_ORDD_N]] = c
    st[S_ORDD_N] += 1
    if n == 0:
        m = st[S_ORDD_N]
        for i in range(m):
            st[S_ORD + i] = st[S_ORDD + i]
        st[S_ORDD_N] = 0
        st[S_ORD_N] = m
        _shuffle(st, S_ORD, m)
        if lg:
            _log(log, E_DISC_RESHUFFLE, m, I0, I0, I0, I0, I0)
    if lg:
        _log(log, E_DISC, c, st[S_ORD_N], I0, I0, I0, I0)
    return c


@njit
def order(st, cfg, o, log, lg):
    """CE.5 step 2. Returns 0 when a defense is set, 1 when the offense re-settled (NO_RESULT)."""
    N = cfg[C_NP]
    pps = cfg[C_PPS]
    if N == 2 and cfg[C_2P_DISCS] == 0:  # data.md reading: no discs with two players
        st[S_DEF] = 1 - o
        if lg:
            _log(log, E_DEFENSE, st[S_DEF], I0, I0, I0, I0, I0)
        return 0
    while True:
        c = _flip_disc(st, cfg, log, lg)
        if c != o:  # CE.5.3
            st[S_DEF] = c
            if lg:
                _log(log, E_DEFENSE, c, I0, I0, I0, I0, I0)
            return 0
        # CE.5.4 own colour: REDRAW, RESETTLE (CE.5.5) or EXPEL (CE.5.6)
        st[S_OPT] = NONE
        n = 1
        for i in range(pps):
            h = o * PPS_MAX + i
            if st[S_ONPL + o] - st[S_PS + o * MAX_PLANETS + h] > 0 or st[S_CENTRE] > 0:
                st[S_OPT + n] = h
                n += 1
        for i in range(pps):
            h = o * PPS_MAX + i
            for q in range(N):
                if q != o and st[S_PS + q * MAX_PLANETS + h] > 0:
                    st[S_OPT + n] = EXPEL_BASE + q * MAX_PLANETS + h
                    n += 1
        st[S_NOPT] = n
        ch = _decide(st, cfg, o, D_OWN_COLOUR)
        if lg:
            _log(log, E_OWN_COLOUR, o, ch, I0, I0, I0, I0)
        if ch < 0:
            continue
        if ch < EXPEL_BASE:  # RESETTLE onto home planet ch
            k = take_ships(st, cfg, o, D_RESETTLE_SHIPS, I1, I4, ch, I1, log, lg)
            ships_add(st, cfg, o, ch, k, log, lg)
            st[S_N_RESETTLE] += 1
            if lg:
                _log(log, E_RESETTLE, o, ch, k, I0, I0, I0)
            return 1
        x = ch - EXPEL_BASE
        q = x // MAX_PLANETS
        st[S_DEF] = q
        st[S_TARGET] = x % MAX_PLANETS
        st[S_EXPEL] = 1
        st[S_N_EXPEL] += 1
        if lg:
            _log(log, E_EXPEL, o, q, x % MAX_PLANETS, st[S_PS + q * MAX_PLANETS + x % MAX_PLANETS], I0, I0)
        return 0


@njit
def launch(st, cfg, o, log, lg):
    """CE.6 step 3: 1 to 4 ships from the offense's colonies onto the centre row. Returns 0 if the
    offense can have no ship on the mothership (CE.6.4)."""
    if st[S_CENTRE] > 0:  # CE.6.2: the regrouped ship is the offense's side
        return 1
    avail = st[S_ONPL + o]
    if avail == 0:
        return 0
    kmax = avail if avail < 4 else 4
    if st[S_ALIEN + o] == A_MACRON and st[S_POWER + o] == 1:  # CE.22.9: exactly one ship
        kmax = 1
    k = take_ships(st, cfg, o, D_LAUNCH, I1, np.int64(kmax), NONE, I0, log, lg)
    st[S_CENTRE] += k
    if lg:
        _log(log, E_LAUNCH, o, k, I0, I0, I0, I0)
    return 1


@njit
def aim(st, cfg, o, log, lg):
    """CE.7 step 4: any planet of the defense's home system (A7); fixed under EXPEL."""
    d = st[S_DEF]
    if st[S_EXPEL] == 0:
        n = 0
        for i in range(cfg[C_PPS]):
            st[S_OPT + n] = d * PPS_MAX + i
            n += 1
        st[S_NOPT] = n
        st[S_TARGET] = _decide(st, cfg, o, D_TARGET)
    if lg:
        t = st[S_TARGET]
        _log(log, E_TARGET, o, d, t, st[S_PS + d * MAX_PLANETS + t], st[S_CENTRE], I0)


@njit
def _invite(st, cfg, p, kind):
    """CE.8.1 / CE.8.2: any subset (bitmask) of the players other than the main players."""
    N = cfg[C_NP]
    e = 0
    for q in range(N):
        if q != st[S_OFF] and q != st[S_DEF]:
            e |= 1 << q
    n = 0
    for m in range(e + 1):
        if (m & ~e) == 0:
            st[S_OPT + n] = m
            n += 1
    st[S_NOPT] = n
    return _decide(st, cfg, p, kind)


@njit
def alliances(st, cfg, o, log, lg):
    """CE.8 steps 5-7: invitations, then answers clockwise from the offense's left (A11)."""
    d = st[S_DEF]
    st[S_STEP] = 5
    st[S_INV_O] = _invite(st, cfg, o, D_INVITE_O)
    if lg:
        _log(log, E_INVITE, o, SIDE_OFFENSE, st[S_INV_O], I0, I0, I0)
    st[S_STEP] = 6
    st[S_INV_D] = _invite(st, cfg, d, D_INVITE_D)
    if lg:
        _log(log, E_INVITE, d, SIDE_DEFENSE, st[S_INV_D], I0, I0, I0)
    return st[S_INV_O] | st[S_INV_D]


@njit
def answers(st, cfg, o, log, lg):
    """CE.8.3 step 7: each other player answers once, seeing earlier answers; joining commits 1-4
    ships from its colonies onto a wing or its carrier (CE.8.4). An active Parasite may also join a
    side that did not invite it (CE.22.14, an optional use of its power)."""
    N = cfg[C_NP]
    d = st[S_DEF]
    st[S_STEP] = 7
    for s in range(1, N):
        q = _cw(o, s, N)
        if q == d or ((st[S_FF_OUT] >> q) & 1) == 1:
            continue
        st[S_OPT] = NONE
        n = 1
        para = 1 if (st[S_ANY_ALIEN] == 1 and st[S_ALIEN + q] == A_PARASITE and st[S_POWER + q] == 1) else 0
        if st[S_ONPL + q] > 0:
            if ((st[S_INV_O] >> q) & 1) == 1 or para == 1:
                st[S_OPT + n] = SIDE_OFFENSE
                n += 1
            if ((st[S_INV_D] >> q) & 1) == 1 or para == 1:
                st[S_OPT + n] = SIDE_DEFENSE
                n += 1
        if n == 1:
            continue
        st[S_NOPT] = n
        side = _decide(st, cfg, q, D_ALLIANCE)
        if side > 0 and para == 1:
            inv = st[S_INV_O] if side == SIDE_OFFENSE else st[S_INV_D]
            if ((inv >> q) & 1) == 0:  # uninvited: a use of the power (E.POWER)
                st[S_ONCE] |= np.int64(1) << q
                if power_event(st, cfg, q, PK_PARASITE, log, lg) == 0:
                    side = NONE
        if side < 0:
            if lg:
                _log(log, E_ALLY, q, NONE, I0, I0, I0, I0)
            continue
        _join(st, cfg, q, side, log, lg)


@njit
def choose_card(st, cfg, p):
    """CE.9.2 step 8: one encounter card from p's hand (one option per distinct card)."""
    n = _card_options(st, cfg, p, ENC_CARD)
    st[S_NOPT] = n
    c = _decide(st, cfg, p, D_CARD)
    _hand_remove(st, cfg, p, c)
    return c


@njit
def _set_card(st, p, c):
    if p == st[S_OFF]:
        st[S_CARD_O] = c
    else:
        st[S_CARD_D] = c


@njit
def _card_of(st, p):
    return st[S_CARD_O] if p == st[S_OFF] else st[S_CARD_D]


@njit
def _aside(st, c, owner):
    """Set card c aside until the end of the encounter (Chronos, Laser)."""
    n = st[S_ASIDE_N]
    st[S_ASIDE + 2 * n] = c
    st[S_ASIDE + 2 * n + 1] = owner
    st[S_ASIDE_N] = n + 1


@njit
def select_cards(st, cfg, log, lg):
    """Step 8 (CE.9.2) with the powers that change it: the Oracle's opponent selects first and its
    card is turned face up (CE.22.12; E.POWER at the start of step 8); an active Laser selects first
    and may blind: the opponent's card is then drawn at random, artifacts met on the way set aside
    (CE.22.8; against the Oracle, CE.23.1). A card already in place (Chronos's redo with the
    opponent's only encounter card) is not chosen again."""
    o = st[S_OFF]
    d = st[S_DEF]
    first = o
    second = d
    oracle = NONE
    laser = NONE
    if st[S_ANY_ALIEN] == 1:
        w = st[S_WHO + A_ORACLE]
        if (w == o or w == d) and st[S_POWER + w] == 1 and power_event(st, cfg, w, FX_ORACLE, log, lg) == 1:
            oracle = w
            second = w
            first = d if w == o else o
        w = st[S_WHO + A_LASER]
        if (w == o or w == d) and st[S_POWER + w] == 1:
            laser = w
            first = w
            second = d if w == o else o
    if _card_of(st, first) < 0:
        _set_card(st, first, choose_card(st, cfg, first))
    if oracle >= 0 and first != oracle:
        st[S_FACEUP] |= SIDE_OFFENSE if first == o else SIDE_DEFENSE
    if _card_of(st, second) < 0:
        blind = 0
        if laser == first and st[S_HAND_ENC + second] > 0 and _yes_no(st, cfg, laser, PK_LASER) == 1:
            blind = power_event(st, cfg, laser, PK_LASER, log, lg)
        if blind == 1:
            while True:
                c = _hand_take(st, cfg, second, below(st, S_RNG, st[S_HAND_N + second]))
                if cfg[C_CARD_KIND + c] != K_ARTIFACT:
                    break
                _aside(st, c, second)
            _set_card(st, second, c)
        else:
            _set_card(st, second, choose_card(st, cfg, second))
    if lg:
        _log(log, E_SELECT, st[S_CARD_O], st[S_CARD_D], st[S_FACEUP], I0, I0, I0)


@njit
def reveal(st, cfg, log, lg):
    """CE.9.3: both cards face up; an Empath main player that reveals a negotiate turns the
    opponent's card into a negotiate (CE.22.5, E.POWER; optional with empath_optional, A36)."""
    st[S_REVEALED] = 1
    if lg:
        _log(log, E_REVEAL, st[S_CARD_O], st[S_CARD_D], I0, I0, I0, I0)
    if st[S_ANY_ALIEN] == 1:
        e = st[S_WHO + A_EMPATH]
        o = st[S_OFF]
        if (e == o or e == st[S_DEF]) and st[S_POWER + e] == 1 and cfg[C_CARD_KIND + _card_of(st, e)] == K_NEGOTIATE:
            use = 1
            if cfg[C_EMPATH_OPT] == 1:
                use = _yes_no(st, cfg, e, PK_EMPATH)
            if use == 1 and power_event(st, cfg, e, FX_EMPATH, log, lg) == 1:
                st[S_NEG_SIDE] |= SIDE_DEFENSE if e == o else SIDE_OFFENSE


@njit
def time_travel(st, cfg, log, lg):
    """CE.22.3 / CE.23.4: the reveal is cancelled; Chronos takes its card back; the opponent's card
    is set aside (or, if it was its only encounter card, stays in place face down); changes of
    card type lapse; steps 8-10 follow again."""
    c = st[S_WHO + A_CHRONOS]
    opp = st[S_DEF] if c == st[S_OFF] else st[S_OFF]
    _hand_add(st, cfg, c, _card_of(st, c))
    _set_card(st, c, NONE)
    if st[S_HAND_ENC + opp] > 0:
        _aside(st, _card_of(st, opp), opp)
        _set_card(st, opp, NONE)
    st[S_REVEALED] = 0
    st[S_EMOTION] = 0
    st[S_NEG_SIDE] = 0
    st[S_FACEUP] = 0
    st[S_STEP] = 8
    if lg:
        _log(log, E_ALIEN, c, A_CHRONOS, PK_CHRONOS, I1, I0, I0)


@njit
def side_totals(st, cfg, log, lg):
    """CE.10.2-CE.10.3 A/A totals into st[S_TOT + 0..6] = v_O, S_O, T_O, v_D, S_D, T_D, lower_wins.
    E.POWER moments (CE.21.1): each Macron in the encounter (weight 4, CE.22.9), then an
    Anti-Matter main player (allies subtract on both sides, the lower total wins, CE.22.2
    revision 2) and a Virus main player (T = v x S, CE.22.18; CE.23.7); a zapped power leaves the
    plain rule T = v + S. The arithmetic is ``api.aa_totals``, which the strategies call too."""
    o = st[S_OFF]
    d = st[S_DEF]
    vo = cfg[C_CARD_VAL + st[S_CARD_O]]
    vd = cfg[C_CARD_VAL + st[S_CARD_D]]
    if st[S_ANY_ALIEN] == 1:
        m = st[S_WHO + A_MACRON]
        if m >= 0 and st[S_POWER + m] == 1:
            inv = st[S_WING + m] + st[S_CARRIER + m]
            if m == o:
                inv += st[S_CENTRE]
            elif m == d:
                inv += st[S_PS + d * MAX_PLANETS + st[S_TARGET]]
            if inv > 0:
                power_event(st, cfg, m, FX_MACRON, log, lg)  # zapped: its power is off, weight 1
    so = offense_strength(st, cfg)
    sd = defense_strength(st, cfg)
    anti = 0
    virus = 0
    if st[S_ANY_ALIEN] == 1:
        a = st[S_WHO + A_ANTI_MATTER]
        if (a == o or a == d) and st[S_POWER + a] == 1 and power_event(st, cfg, a, FX_ANTI_MATTER, log, lg) == 1:
            anti = 1 if a == o else 2
        v = st[S_WHO + A_VIRUS]
        if (v == o or v == d) and st[S_POWER + v] == 1 and power_event(st, cfg, v, FX_VIRUS, log, lg) == 1:
            virus = 1 if v == o else 2
    to, td, lower = aa_totals(st, cfg, vo, vd, anti, virus)
    st[S_TOT] = vo
    st[S_TOT + 1] = so
    st[S_TOT + 2] = to
    st[S_TOT + 3] = vd
    st[S_TOT + 4] = sd
    st[S_TOT + 5] = td
    st[S_TOT + 6] = lower


@njit
def _offense_win(st, cfg, barred, log, lg):
    """CE.11.1. Returns the defense's own ships lost (for compensation, CE.12.2: those that reached
    the warp, or all of them with ah_compensation_counts_redirected, A15). `barred`: the seat the
    Healer may not heal (the negotiator owed compensation, CE.22.7)."""
    N = cfg[C_NP]
    o = st[S_OFF]
    d = st[S_DEF]
    t = st[S_TARGET]
    st[S_RESULT] = R_OFFENSE_WIN
    lost = 0
    k = st[S_PS + d * MAX_PLANETS + t]
    if k > 0:
        st[S_QUIET] = 1  # they are still the defense's while the Zombie decides (CE.20.6)
        ships_add(st, cfg, d, t, -k, log, lg)
        lost = loss_event(st, cfg, d, k, _pbit(t), barred, log, lg)
        if cfg[C_COMP_REDIRECTED] == 1:
            lost = k
    for s in range(1, N):
        q = _cw(o, s, N)
        k = st[S_CARRIER + q]
        if k > 0:
            st[S_CARRIER + q] = 0
            loss_event(st, cfg, q, k, _pbit(t), NONE, log, lg)  # healed / redirected: not onto the target (A12)
    k = st[S_CENTRE]
    if k > 0:
        st[S_CENTRE] = 0
        ships_add(st, cfg, o, t, k, log, lg)
        if lg:
            _log(log, E_LAND, o, t, k, I0, I0, I0)
    for s in range(1, N):
        q = _cw(o, s, N)
        k = st[S_WING + q]
        if k > 0:
            st[S_WING + q] = 0
            ships_add(st, cfg, q, t, k, log, lg)
            if lg:
                _log(log, E_LAND, q, t, k, I0, I0, I0)
    check_victory(st, cfg, log, lg)  # CE.11.3 / CE.18
    return lost


@njit
def rewards(st, cfg, q, r, log, lg):
    """CE.14: r rewards, each a card from the deck or one warp ship onto a colony (not the target
    planet, A12)."""
    t = st[S_TARGET]
    for j in range(r):
        st[S_OPT] = NONE
        n = 1
        if st[S_WARP + q] > 0:
            n = _colony_options(st, q, t, n)
        st[S_NOPT] = n
        ch = _decide(st, cfg, q, D_REWARD)
        if ch < 0:
            c = _draw(st, cfg, log, lg)
            if c >= 0:
                _hand_add(st, cfg, q, c)
                st[S_N_REWARD_CARDS] += 1
        else:
            st[S_WARP + q] -= 1
            ships_add(st, cfg, q, ch, I1, log, lg)
            st[S_N_REWARD_SHIPS] += 1
        if lg:
            _log(log, E_REWARD, q, ch, I0, I0, I0, I0)


@njit
def _defense_win(st, cfg, barred, log, lg):
    """CE.11.2 (with rewards, CE.14). Returns the offense's own ships lost (as _offense_win)."""
    N = cfg[C_NP]
    o = st[S_OFF]
    t = st[S_TARGET]
    st[S_RESULT] = R_DEFENSE_WIN
    lost = 0
    k = st[S_CENTRE]
    if k > 0:
        st[S_CENTRE] = 0
        lost = loss_event(st, cfg, o, k, I0, barred, log, lg)
        if cfg[C_COMP_REDIRECTED] == 1:
            lost = k
    for s in range(1, N):
        q = _cw(o, s, N)
        k = st[S_WING + q]
        if k > 0:
            st[S_WING + q] = 0
            loss_event(st, cfg, q, k, I0, NONE, log, lg)
    for s in range(1, N):  # defensive allies go home, never onto the target planet (A12)
        q = _cw(o, s, N)
        k = st[S_CARRIER + q]
        if k > 0:
            st[S_CARRIER + q] = 0
            st[S_RWD + q] = k
            place_ships(st, cfg, q, k, _pbit(t), CTX_RETURN, log, lg)
    for s in range(1, N):  # CE.14.4: clockwise from the offense's left
        q = _cw(o, s, N)
        k = st[S_RWD + q]
        if k > 0:
            st[S_RWD + q] = 0
            rewards(st, cfg, q, k, log, lg)
    return lost


@njit
def compensation(st, cfg, claimant, opp, n, log, lg):
    """CE.12.2-CE.12.4: E.COMP (Stellar Gas may cancel, CE.21.5), then min(n, opp's hand) random
    cards from opp's hand to the claimant, one at a time."""
    if n <= 0:
        return
    st[S_CLAIMANT] = claimant
    st[S_CLAIM_N] = n
    if st[S_ART_KIND + ART_GAS] > 0:
        w_old = st[S_WINDOW]
        st[S_WINDOW] = T_COMP
        q = _first_answer(st, cfg, ART_GAS, claimant)
        if q >= 0:
            play_artifact(st, cfg, q, art_code(ART_GAS, claimant), log, lg)
            if lg:
                _log(log, E_GAS, q, claimant, n, I0, I0, I0)
        st[S_WINDOW] = w_old
        if q >= 0:
            return
    got = 0
    while got < n and st[S_HAND_N + opp] > 0:
        i = below(st, S_RNG, st[S_HAND_N + opp])
        c = _hand_take(st, cfg, opp, i)
        _hand_add(st, cfg, claimant, c)
        got += 1
    st[S_N_COMP] += got
    if lg:
        _log(log, E_COMP, claimant, opp, n, got, I0, I0)


# ---- deals (CE.13, CE.51) --------------------------------------------------------------------
@njit
def _colony_ok(st, cfg, g, r, pl):
    """COLONY(g -> r, pl) can be carried out now (CE.51.1)."""
    return (st[S_PS + g * MAX_PLANETS + pl] > 0 and st[S_PS + r * MAX_PLANETS + pl] == 0
            and st[S_ONPL + r] > 0)


@njit
def std_colony(st, cfg, g, r, first):
    """CE.51.4 planet rule: the target planet if it qualifies, else the lowest planet of system
    `first`, else the lowest planet anywhere (systems in seat order). -1 if none."""
    t = st[S_TARGET]
    if t >= 0 and _colony_ok(st, cfg, g, r, t):
        return t
    for i in range(cfg[C_PPS]):
        pl = first * PPS_MAX + i
        if _colony_ok(st, cfg, g, r, pl):
            return pl
    for pl in range(cfg[C_NP] * PPS_MAX):
        if _colony_ok(st, cfg, g, r, pl):
            return pl
    return -1


@njit
def standard_deal(st, cfg):
    """The standard deal of CE.51.4 as a deal code, -1 if none is possible."""
    o = st[S_OFF]
    d = st[S_DEF]
    p1 = std_colony(st, cfg, d, o, d)
    p2 = std_colony(st, cfg, o, d, o)
    if p1 >= 0 or p2 >= 0:
        return deal_code(p1, p2, I0, I0, I0, I0)
    nod = 1 if st[S_HAND_N + o] > 0 else 0
    ndo = 1 if st[S_HAND_N + d] > 0 else 0
    if nod + ndo == 0:
        return -1
    return deal_code(M1, M1, np.int64(nod), RULE_GIVER_CHOICE, np.int64(ndo), RULE_GIVER_CHOICE)


@njit
def _add_opt(st, n, v):
    if n >= MAX_OPT:
        return n
    for i in range(n):
        if st[S_OPT + i] == v:
            return n
    st[S_OPT + n] = v
    return n + 1


@njit
def deal_menu(st, cfg):
    """Proposals a strategy may make (CE.51.2, deal_propose_policy = strategy): pass, the standard
    deal, each one-sided colony, card swaps of 0-2 cards each way (giver's choice), and a colony
    paid for with 1-2 cards. Returns the number of options."""
    N = cfg[C_NP]
    o = st[S_OFF]
    d = st[S_DEF]
    st[S_OPT] = NONE
    n = I1
    std = st[S_DEAL_STD]
    if std >= 0:
        n = _add_opt(st, n, std)
    for pl in range(N * PPS_MAX):
        if _colony_ok(st, cfg, d, o, pl):
            n = _add_opt(st, n, deal_code(pl, M1, I0, I0, I0, I0))
    for pl in range(N * PPS_MAX):
        if _colony_ok(st, cfg, o, d, pl):
            n = _add_opt(st, n, deal_code(M1, pl, I0, I0, I0, I0))
    ho = st[S_HAND_N + o]
    hd = st[S_HAND_N + d]
    for a in range(3):
        for b in range(3):
            if a + b > 0 and (a == 0 or ho > 0) and (b == 0 or hd > 0):
                n = _add_opt(st, n, deal_code(M1, M1, np.int64(a), RULE_GIVER_CHOICE, np.int64(b),
                                              RULE_GIVER_CHOICE))
    p1 = std_colony(st, cfg, d, o, d)
    p2 = std_colony(st, cfg, o, d, o)
    for a in range(1, 3):
        if p1 >= 0 and ho > 0:
            n = _add_opt(st, n, deal_code(p1, M1, np.int64(a), RULE_GIVER_CHOICE, I0, I0))
        if p2 >= 0 and hd > 0:
            n = _add_opt(st, n, deal_code(M1, p2, I0, I0, np.int64(a), RULE_GIVER_CHOICE))
    return n


@njit
def _collect_cards(st, cfg, g, n, rule, buf, log, lg):
    """Take up to n cards from g's hand into st[buf:] by the term's rule (CE.51.1); returns count."""
    got = 0
    base = S_HAND + g * MAX_HAND
    while got < n and st[S_HAND_N + g] > 0:
        hn = st[S_HAND_N + g]
        idx = -1
        if rule == RULE_GIVER_CHOICE:
            k = _card_options(st, cfg, g, ANY_CARD)
            st[S_NOPT] = k
            c = _decide(st, cfg, g, D_DEAL_GIVE)
            idx = _hand_index(st, g, c)
        elif rule == RULE_RANDOM:
            idx = below(st, S_RNG, hn)
        else:
            bv = 0
            for i in range(hn):
                c = st[base + i]
                kd = cfg[C_CARD_KIND + c]
                v = cfg[C_CARD_VAL + c]
                if rule == RULE_LOWEST_ATTACK and kd == K_ATTACK and (idx < 0 or v < bv):
                    idx = i
                    bv = v
                elif rule == RULE_HIGHEST_ATTACK and kd == K_ATTACK and (idx < 0 or v > bv):
                    idx = i
                    bv = v
                elif rule == RULE_NEGOTIATE and kd == K_NEGOTIATE and idx < 0:
                    idx = i
                elif rule == RULE_ARTIFACT and kd == K_ARTIFACT and idx < 0:
                    idx = i
        if idx < 0:
            break
        st[buf + got] = _hand_take(st, cfg, g, np.int64(idx))
        got += 1
    return got


@njit
def execute_deal(st, cfg, code, log, lg):
    """CE.51.3: CARDS terms from the hands as they were before the deal, then the COLONY terms (the
    offense's colony first); terms that cannot be carried out are dropped. Returns the number of
    terms carried out (0 = the deal failed)."""
    o = st[S_OFF]
    d = st[S_DEF]
    done = 0
    b1 = S_TMP
    b2 = S_TMP + MAX_HAND
    n1 = _collect_cards(st, cfg, o, deal_n_od(code), deal_r_od(code), np.int64(b1), log, lg)
    n2 = _collect_cards(st, cfg, d, deal_n_do(code), deal_r_do(code), np.int64(b2), log, lg)
    for i in range(n1):
        _hand_add(st, cfg, d, st[b1 + i])
    for i in range(n2):
        _hand_add(st, cfg, o, st[b2 + i])
    if n1 > 0:
        done += 1
        if lg:
            _log(log, E_DEAL_TERM, TERM_CARDS_OD, o, d, np.int64(n1), I0, I0)
    if n2 > 0:
        done += 1
        if lg:
            _log(log, E_DEAL_TERM, TERM_CARDS_DO, d, o, np.int64(n2), I0, I0)
    for j in range(2):
        if j == 0:
            pl = deal_col_do(code)
            g = d
            r = o
        else:
            pl = deal_col_od(code)
            g = o
            r = d
        if pl >= 0 and _colony_ok(st, cfg, g, r, pl):
            avail = st[S_ONPL + r]
            kmax = avail if avail < cfg[C_DEAL_SHIPS_MAX] else cfg[C_DEAL_SHIPS_MAX]
            st[S_CTX_PL] = pl
            k = take_ships(st, cfg, r, D_DEAL_SHIPS, I1, np.int64(kmax), pl, I0, log, lg)
            st[S_CTX_PL] = NONE
            ships_add(st, cfg, r, pl, k, log, lg)
            done += 1
            if lg:
                _log(log, E_DEAL_TERM, TERM_COLONY_DO if j == 0 else TERM_COLONY_OD, g, r, pl, k, I0)
    k = deal_release(code)
    if k > 0:  # RELEASE(zombie -> other, k), CE.51.1 / CE.22.20
        z = st[S_WHO + A_ZOMBIE]
        if z == o or z == d:
            r = d if z == o else o
            st[S_PK_ARG] = r
            st[S_PK_ARG2] = k
            if st[S_WARP + r] >= k and st[S_ONPL + r] > 0 and power_event(st, cfg, z, PK_RELEASE, log, lg) == 1:
                st[S_WARP + r] -= k
                place_ships(st, cfg, r, k, I0, CTX_RELEASE, log, lg)
                done += 1
                if lg:
                    _log(log, E_DEAL_TERM, TERM_RELEASE, z, r, k, I0, I0)
    return done


@njit
def negotiate(st, cfg, log, lg):
    """CE.51.2 protocol: up to deal_rounds rounds, the offense proposing first, alternating; policies
    CE.51.5. Returns 1 if a deal was made and carried out."""
    o = st[S_OFF]
    d = st[S_DEF]
    std = standard_deal(st, cfg)
    st[S_DEAL_STD] = std
    for r in range(cfg[C_DEAL_ROUNDS]):
        pp = o if r % 2 == 0 else d
        resp = d if r % 2 == 0 else o
        st[S_PROPOSER] = pp
        prop = NONE
        pol = cfg[C_DEAL_PROPOSE]
        if pol == PROPOSE_STANDARD:
            prop = std
        elif pol == PROPOSE_STRATEGY:
            n = deal_menu(st, cfg)
            st[S_NOPT] = n
            prop = _decide(st, cfg, pp, D_DEAL_PROPOSE)
        if (pol != PROPOSE_NONE and st[S_ANY_ALIEN] == 1 and st[S_WHO + A_ZOMBIE] == pp and st[S_POWER + pp] == 1
                and st[S_WARP + resp] > 0 and st[S_ONPL + resp] > 0):
            st[S_OPT] = NONE  # CE.22.20 effect 2: the Zombie may add a RELEASE term
            n = 1
            for k in range(1, st[S_WARP + resp] + 1):  # 1 <= k <= its warp ships (CE.51.1)
                st[S_OPT + n] = k
                n += 1
            st[S_PK_ARG] = prop
            st[S_PK_ARG2] = resp
            k = _ask_power(st, cfg, pp, PK_RELEASE, np.int64(n))
            if k > 0:
                prop = with_release(prop, k)
        if prop < 0:
            if lg:
                _log(log, E_DEAL_PROPOSE, pp, NONE, I0, I0, I0, I0)
            continue
        st[S_DEAL] = prop
        if lg:
            _log(log, E_DEAL_PROPOSE, pp, prop, np.int64(1 if prop == std else 0), I0, I0, I0)
        acc = cfg[C_DEAL_ACCEPT]
        yes = 0
        if acc == ACCEPT_ALWAYS:
            yes = 1
        elif acc == ACCEPT_STANDARD_ONLY:  # the standard deal, with or without a Zombie's RELEASE
            core = prop & ~(np.int64(63) << 22)
            yes = 1 if (prop == std or (deal_release(prop) > 0 and (core == std or (std < 0 and core == 0)))) else 0
        elif acc == ACCEPT_HEURISTIC:
            st[S_OPT] = 0
            st[S_OPT + 1] = 1
            st[S_NOPT] = 2
            yes = _decide(st, cfg, resp, D_DEAL_ACCEPT)
        if lg:
            _log(log, E_DEAL_ANSWER, resp, np.int64(yes), I0, I0, I0, I0)
        if yes == 1:
            st[S_DEAL] = NONE
            if execute_deal(st, cfg, prop, log, lg) > 0:
                return 1
            return 0
    st[S_DEAL] = NONE
    return 0


@njit
def penalty(st, cfg, p, log, lg):
    """CE.13.5 / A18: p chooses min(3, ships on colonies) of its ships; they go to the warp."""
    avail = st[S_ONPL + p]
    k = avail if avail < 3 else 3
    if k > 0:
        st[S_QUIET] = 1
        got = take_ships(st, cfg, p, D_PENALTY, np.int64(k), np.int64(k), NONE, I0, log, lg)
        loss_event(st, cfg, p, got, st[S_TAKEN_FROM], NONE, log, lg)


@njit
def _allies_home(st, cfg, log, lg):
    """CE.13.1: every ally's ships return to its colonies (defensive allies not onto the target
    planet, A12); carriers go home."""
    N = cfg[C_NP]
    o = st[S_OFF]
    for s in range(1, N):
        q = _cw(o, s, N)
        k = st[S_WING + q]
        if k > 0:
            st[S_WING + q] = 0
            place_ships(st, cfg, q, k, I0, CTX_RETURN, log, lg)
        k = st[S_CARRIER + q]
        if k > 0:
            st[S_CARRIER + q] = 0
            place_ships(st, cfg, q, k, _pbit(st[S_TARGET]), CTX_RETURN, log, lg)


@njit
def _deal_outcome(st, cfg, log, lg):
    """CE.13: N/N (or after Emotion Control)."""
    o = st[S_OFF]
    _allies_home(st, cfg, log, lg)
    k = st[S_CENTRE]  # CE.13.2 / A17
    if k > 0:
        st[S_CENTRE] = 0
        place_ships(st, cfg, o, k, I0, CTX_RETURN, log, lg)
    if negotiate(st, cfg, log, lg) == 1:
        st[S_RESULT] = R_DEAL_MADE
        check_victory(st, cfg, log, lg)
        return
    st[S_RESULT] = R_DEAL_FAILED
    penalty(st, cfg, o, log, lg)
    penalty(st, cfg, st[S_DEF], log, lg)


@njit
def _side_attack(st, cfg, side):
    """1 if side's revealed card counts as an attack card: not after Emotion Control (CE.21.6) nor
    when the Empath turned it into a negotiate (CE.22.5)."""
    c = st[S_CARD_O] if side == SIDE_OFFENSE else st[S_CARD_D]
    if c < 0 or cfg[C_CARD_KIND + c] != K_ATTACK or st[S_EMOTION] == 1:
        return 0
    return 0 if ((st[S_NEG_SIDE] >> (side - 1)) & 1) == 1 else 1


@njit
def _pacifist(st, cfg, ao, ad, log, lg):
    """CE.22.13 at the start of step 10: a Pacifist main player whose negotiate meets an attack may
    win instead. Returns its side, or 0."""
    f = st[S_WHO + A_PACIFIST]
    if f < 0 or st[S_POWER + f] == 0:
        return 0
    side = 0
    if f == st[S_OFF] and ao == 0 and ad == 1:
        side = SIDE_OFFENSE
    elif f == st[S_DEF] and ad == 0 and ao == 1:
        side = SIDE_DEFENSE
    if side == 0:
        return 0
    c = st[S_CARD_O] if side == SIDE_OFFENSE else st[S_CARD_D]
    if cfg[C_CARD_KIND + c] != K_NEGOTIATE:
        return 0
    st[S_OPT] = NONE
    st[S_OPT + 1] = I1
    if _ask_power(st, cfg, f, PK_PACIFIST, I2) == 1 and power_event(st, cfg, f, PK_PACIFIST, log, lg) == 1:
        return side
    return 0


@njit
def _discard_played(st, cfg, log, lg):
    """CE.9.4: both encounter cards go to the discard pile, unless a Clone keeps its own (CE.22.4,
    decided first: CE.23.3)."""
    keep = NONE
    c = st[S_WHO + A_CLONE]
    if c >= 0 and st[S_ANY_ALIEN] == 1 and st[S_POWER + c] == 1 and (c == st[S_OFF] or c == st[S_DEF]):
        st[S_OPT] = NONE
        st[S_OPT + 1] = I1
        st[S_PK_ARG] = st[S_CARD_O] if c == st[S_OFF] else st[S_CARD_D]
        if _ask_power(st, cfg, c, PK_CLONE, I2) == 1 and power_event(st, cfg, c, PK_CLONE, log, lg) == 1:
            keep = c
    st[S_LAST_CO] = st[S_CARD_O]
    st[S_LAST_CD] = st[S_CARD_D]
    if keep == st[S_OFF]:
        _hand_add(st, cfg, keep, st[S_CARD_O])
        st[S_LAST_CO] = NONE
    else:
        _discard(st, st[S_CARD_O])
    if keep >= 0 and keep == st[S_DEF]:
        _hand_add(st, cfg, keep, st[S_CARD_D])
        st[S_LAST_CD] = NONE
    else:
        _discard(st, st[S_CARD_D])
    st[S_CARD_O] = -1
    st[S_CARD_D] = -1


@njit
def outcome(st, cfg, log, lg):
    """CE.10-CE.14 step 10 (the cards are face up). Returns the result."""
    o = st[S_OFF]
    d = st[S_DEF]
    st[S_STEP] = 10
    ao = _side_attack(st, cfg, SIDE_OFFENSE)
    ad = _side_attack(st, cfg, SIDE_DEFENSE)
    pac = 0
    if st[S_ANY_ALIEN] == 1 and ao != ad:
        pac = _pacifist(st, cfg, ao, ad, log, lg)
    if pac == SIDE_OFFENSE:  # CE.22.13: the Pacifist wins; nobody negotiated a loss, no compensation
        _offense_win(st, cfg, NONE, log, lg)
    elif pac == SIDE_DEFENSE:
        _defense_win(st, cfg, NONE, log, lg)
    elif ao == 1 and ad == 1:
        side_totals(st, cfg, log, lg)
        if lg:
            _log(log, E_TOTALS, st[S_TOT], st[S_TOT + 1], st[S_TOT + 2], st[S_TOT + 3], st[S_TOT + 4],
                 st[S_TOT + 5])
        if aa_offense_wins(st[S_TOT + 2], st[S_TOT + 5], st[S_TOT + 6]):  # CE.10.4, CE.22.2
            _offense_win(st, cfg, NONE, log, lg)
        else:
            _defense_win(st, cfg, NONE, log, lg)
    elif ao == 1:  # CE.12: the defense negotiated and loses, then claims compensation
        lost = _offense_win(st, cfg, d, log, lg)
        if st[S_DONE] == 0:
            compensation(st, cfg, d, o, lost, log, lg)
    elif ad == 1:  # the offense negotiated
        lost = _defense_win(st, cfg, o, log, lg)
        compensation(st, cfg, o, d, lost, log, lg)
    else:
        _deal_outcome(st, cfg, log, lg)
    if st[S_DONE] == 0:  # CE.9.4
        _discard_played(st, cfg, log, lg)
    return st[S_RESULT]


@njit
def early_end(st, cfg, reason, log, lg):
    """CE.17.3 / CE.17.5 / CE.6.4: the encounter stops with NO_RESULT; the mothership's and the
    allies' ships return to their owners' colonies (return rule), carriers go home."""
    o = st[S_OFF]
    k = st[S_CENTRE]
    if k > 0:
        st[S_CENTRE] = 0
        place_ships(st, cfg, o, k, I0, CTX_EARLY_END, log, lg)
    _allies_home(st, cfg, log, lg)
    st[S_RESULT] = R_NO_RESULT
    if lg:
        _log(log, E_EARLY_END, o, reason, I0, I0, I0, I0)
    return R_NO_RESULT


@njit(inline="always")
def _offense_out(st):
    return st[S_HAND_ENC + st[S_OFF]] == 0


@njit(inline="always")  # one call site; a separate function re-links the whole engine below it
def _encounter_steps(st, cfg, o, log, lg):
    N = cfg[C_NP]
    window(st, cfg, W_E0, log, lg)
    if _offense_out(st):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    st[S_STEP] = 1
    regroup(st, cfg, o, log, lg)
    window(st, cfg, W_1, log, lg)
    if _offense_out(st):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    st[S_STEP] = 2
    if order(st, cfg, o, log, lg) == 1:
        return early_end(st, cfg, END_RESETTLE, log, lg)
    window(st, cfg, W_2, log, lg)
    if _offense_out(st):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    st[S_STEP] = 3
    if launch(st, cfg, o, log, lg) == 0:
        return early_end(st, cfg, END_NO_SHIPS, log, lg)
    st[S_STEP] = 4
    aim(st, cfg, o, log, lg)
    window(st, cfg, W_4, log, lg)
    if _offense_out(st):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    if N >= 3:  # CE.8.8
        alliances(st, cfg, o, log, lg)
    window(st, cfg, W_6, log, lg)
    if _offense_out(st):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    if N >= 3:
        answers(st, cfg, o, log, lg)
    if st[S_ANY_ALIEN] == 1:  # Amoeba's condition is fixed at the end of step 7 (CE.22.1)
        st[S_IN7] = 0
        if st[S_CENTRE] > 0:
            st[S_IN7] |= np.int64(1) << o
        if st[S_PS + st[S_DEF] * MAX_PLANETS + st[S_TARGET]] > 0:
            st[S_IN7] |= np.int64(1) << st[S_DEF]
    window(st, cfg, W_7, log, lg)
    if _offense_out(st):
        return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    # step 8 (CE.9.1): the defense without an encounter card takes a new hand (CE.17.4)
    st[S_STEP] = 8
    d = st[S_DEF]
    if st[S_HAND_ENC + d] == 0:
        if new_hand(st, cfg, d, T_NEWHAND_DEF, log, lg) == 0:
            return early_end(st, cfg, END_DEFENSE_NO_CARD, log, lg)
        if _offense_out(st):
            return early_end(st, cfg, END_OFFENSE_OUT, log, lg)
    while True:  # steps 8 and 9; a Chronos time travel (CE.22.3) goes round once more
        select_cards(st, cfg, log, lg)
        window(st, cfg, W_8, log, lg)
        st[S_STEP] = 9
        reveal(st, cfg, log, lg)
        window(st, cfg, W_9, log, lg)
        if st[S_REDO] == 0:
            break
        st[S_REDO] = 0
        time_travel(st, cfg, log, lg)
    res = outcome(st, cfg, log, lg)
    if st[S_DONE] == 1:
        return res
    window(st, cfg, W_10, log, lg)
    return res


@njit(inline="always")  # one call site; a separate function re-links the whole engine below it
def encounter(st, cfg, o, enc_no, log, lg):
    """One encounter (CE.3.3), from W-E0 to the end of the encounter. Returns its result."""
    N = cfg[C_NP]
    st[S_OFF] = o
    st[S_DEF] = -1
    st[S_TARGET] = -1
    st[S_ENC_NO] = enc_no
    st[S_STEP] = 0
    st[S_EXPEL] = 0
    st[S_INV_O] = 0
    st[S_INV_D] = 0
    st[S_FF_OUT] = 0
    st[S_CARD_O] = -1
    st[S_CARD_D] = -1
    st[S_REVEALED] = 0
    st[S_EMOTION] = 0
    st[S_RESULT] = R_NONE
    st[S_ONCE] = 0
    st[S_WONCE] = 0
    st[S_FACEUP] = 0
    st[S_MIND_SEEN] = 0
    st[S_NEG_SIDE] = 0
    st[S_REDO] = 0
    st[S_IN7] = 0
    st[S_LAST_CO] = -1
    st[S_LAST_CD] = -1
    st[S_ENCOUNTERS] += 1
    if lg:
        _log(log, E_ENCOUNTER, o, enc_no, st[S_ENCOUNTERS], st[S_TURN], I0, I0)
    res = _encounter_steps(st, cfg, o, log, lg)
    st[S_RESULT] = res
    if lg:
        _log(log, E_RESULT, res, o, st[S_DEF], st[S_TARGET], I0, I0)
    if res == R_OFFENSE_WIN:
        st[S_N_OWIN] += 1
    elif res == R_DEFENSE_WIN:
        st[S_N_DWIN] += 1
    elif res == R_DEAL_MADE:
        st[S_N_DEAL] += 1
    elif res == R_DEAL_FAILED:
        st[S_N_FAIL] += 1
    else:
        st[S_N_NORES] += 1
    # end of the encounter (CE.20.1): cards set aside go back to their owners, transit zones empty
    # (CE.15.4, CE.70.2), zaps expire, once-per-encounter marks are cleared
    for i in range(st[S_ASIDE_N]):
        _hand_add(st, cfg, st[S_ASIDE + 2 * i + 1], st[S_ASIDE + 2 * i])
    st[S_ASIDE_N] = 0
    st[S_MIND_SEEN] = 0
    st[S_FACEUP] = 0
    k = st[S_CENTRE]
    if k > 0 and st[S_DONE] == 0:  # a regrouped ship left on the mothership by RESETTLE
        st[S_CENTRE] = 0
        place_ships(st, cfg, o, k, I0, CTX_TURN_END, log, lg)
    lg_on = lg if st[S_DONE] == 0 else I0  # after the game's end nothing more is logged (CE.70.18)
    for q in range(N):
        st[S_ALLY + q] = 0
        if st[S_ZAPPED + q] == 1:
            st[S_ZAPPED + q] = 0
            power_update(st, cfg, q, log, lg_on)
    st[S_DEF] = -1
    st[S_TARGET] = -1
    st[S_STEP] = 0
    return res


@njit(inline="always")  # one call site; a separate function re-links the whole engine below it
def play_turn(st, cfg, o, log, lg):
    """CE.3.2: start-of-turn hand check, encounter 1, optional encounter 2 (CE.15)."""
    if st[S_SEARCH] == 1:  # a searching seat plays: its rollouts start from here
        _turn_snapshot(st, o)
    st[S_TURN] += 1
    st[S_OFF] = o
    st[S_DEF] = -1
    if lg:
        _log(log, E_TURN, o, st[S_TURN], I0, I0, I0, I0)
    if st[S_HAND_ENC + o] == 0:  # CE.17.1
        if new_hand(st, cfg, o, T_NEWHAND_TURN, log, lg) == 0:  # A19: no encounter card anywhere
            st[S_ENCOUNTERS] += 1
            st[S_N_NORES] += 1
            if lg:
                _log(log, E_RESULT, R_NO_RESULT, o, M1, M1, I0, I0)
            return
    # one call site for encounter (it is inlined here: a second copy would double the compile)
    enc_no = I1
    while enc_no <= 2:
        res = encounter(st, cfg, o, enc_no, log, lg)
        if st[S_DONE] == 1:
            return
        enc_no += 1
        if enc_no == 2 and (res == R_OFFENSE_WIN or res == R_DEAL_MADE) and st[S_HAND_ENC + o] > 0:  # CE.15.1
            st[S_OPT] = 0
            st[S_OPT + 1] = 1
            st[S_NOPT] = 2
            if _decide(st, cfg, o, D_SECOND) == 1:
                st[S_N_SECOND] += 1
                if lg:
                    _log(log, E_SECOND, o, I0, I0, I0, I0, I0)
                continue
        break
    if lg and st[S_DONE] == 0:
        _log(log, E_END_TURN, o, I0, I0, I0, I0, I0)


# ---- setup, invariants, the game --------------------------------------------------------------
@njit
def _binom(n, k):
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


@njit
def _deal_aliens(st, cfg):
    """CE.2.5: the aliens of this game. AM_FIXED: per seat from the config; AM_RANDOM: K distinct
    aliens from the pool dealt at random to K random seats; AM_ALL: game g gets combination
    number (j * stride) mod C(P, K), j = g // N, of the pool (every combination equally often,
    spread over the games), its slots rotated by (g + j) mod N, so over N consecutive games each
    alien of a combination sits in every seat once, and its pairing with the rotated strategy
    line-up shifts from one combination to the next. Seats whose strategy is a nopower control
    keep the alien's name but play without its power."""
    N = cfg[C_NP]
    for a in range(N_ALIENS):
        st[S_WHO + a] = -1
    for p in range(N):
        st[S_ALIEN_TAG + p] = -1
    mode = cfg[C_ALIEN_MODE]
    K = cfg[C_ALIEN_K]
    P = cfg[C_POOL_N]
    buf = S_TMP
    if mode == AM_FIXED:
        for p in range(N):
            st[S_ALIEN_TAG + p] = cfg[C_ALIEN_FIXED + p]
    elif mode == AM_RANDOM:
        for i in range(P):
            st[buf + i] = i
        for i in range(K):
            j = i + below(st, S_RNG, np.int64(P - i))
            x = st[buf + i]
            st[buf + i] = st[buf + j]
            st[buf + j] = x
        sb = buf + MAX_HAND
        for p in range(N):
            st[sb + p] = p
        _shuffle(st, sb, N)
        for i in range(K):
            st[S_ALIEN_TAG + st[sb + i]] = cfg[C_POOL + st[buf + i]]
    else:
        g = st[S_GAME]
        j = g // N
        C = cfg[C_ALIEN_NCOMB]
        r = ((j % C) * cfg[C_ALIEN_STRIDE]) % C
        x = 0
        for i in range(K):  # unrank r in the lexicographic order of K-combinations
            while True:
                c = _binom(P - x - 1, K - i - 1)
                if r < c:
                    break
                r -= c
                x += 1
            st[buf + i] = x
            x += 1
        rev = (j // C) % 2
        rot = (g + j) % N
        for i in range(N):
            a = -1
            if i < K:
                a = cfg[C_POOL + st[buf + (K - 1 - i if rev == 1 else i)]]
            st[S_ALIEN_TAG + (i + rot) % N] = a
    anyone = 0
    for p in range(N):
        a = st[S_ALIEN_TAG + p]
        if a >= 0 and ((cfg[C_NOPOWER_MASK] >> st[S_STRAT + p]) & 1) == 1:
            a = -1
        st[S_ALIEN + p] = a
        st[S_PWIN + p] = _alien_windows(a)
        if a >= 0:
            st[S_WHO + a] = p
            anyone = 1
    st[S_ANY_ALIEN] = anyone


@njit
def setup(st, cfg, log, lg):
    """CE.2: planets, order discs and first player, deck and hands."""
    N = cfg[C_NP]
    pps = cfg[C_PPS]
    per = cfg[C_START_PER_PLANET]
    _deal_aliens(st, cfg)
    for p in range(N):
        for i in range(pps):
            st[S_PS + p * MAX_PLANETS + p * PPS_MAX + i] = per
        st[S_HOME + p] = pps if per > 0 else 0
        st[S_CMASK + p] = ((np.int64(1) << pps) - 1) << (p * PPS_MAX) if per > 0 else 0
        st[S_ONPL + p] = pps * per
        st[S_WARP + p] = cfg[C_SHIPS] - pps * per
        st[S_POWER + p] = 1 if st[S_HOME + p] >= cfg[C_POWER_HOME] else 0
    st[S_DEF] = -1
    st[S_TARGET] = -1
    st[S_CARD_O] = -1
    st[S_CARD_D] = -1
    st[S_DEAL] = -1
    st[S_DEAL_STD] = -1
    st[S_CTX_PL] = -1
    # CE.2.4: discs of the colours in play; one turned up names the first player; all reshuffled
    n = 0
    for p in range(N):
        for j in range(cfg[C_DISCS + p]):
            st[S_ORD + n] = p
            n += 1
    _shuffle(st, S_ORD, n)
    st[S_START] = st[S_ORD + n - 1]
    _shuffle(st, S_ORD, n)
    st[S_ORD_N] = n
    st[S_ORDD_N] = 0
    # CE.2.6: shuffle the deck and deal the hands
    nc = cfg[C_N_CARDS]
    for i in range(nc):
        st[S_DECK + i] = i
    _shuffle(st, S_DECK, nc)
    st[S_DECK_N] = nc
    for p in range(N):
        for j in range(cfg[C_START_HAND]):
            c = _draw(st, cfg, log, lg)
            if c >= 0:
                _hand_add(st, cfg, p, c)
    if lg:
        _log(log, E_START, st[S_START], np.int64(n), I0, I0, I0, I0)
        for p in range(N):
            _log(log, E_ALIENS, p, st[S_ALIEN_TAG + p], st[S_ALIEN + p], I0, I0, I0)


@njit(_nrt=True)  # allocates; tests only
def check_invariants(st, cfg):
    """CE.70 checks on a state between encounters (or at the end); 0 or the first V_* code."""
    N = cfg[C_NP]
    for p in range(N):
        on = 0
        home = 0
        foreign = 0
        mask = 0
        for pl in range(MAX_PLANETS):
            k = st[S_PS + p * MAX_PLANETS + pl]
            if k < 0:
                return V_SHIPS
            if k > 0:
                mask |= 1 << pl
                if pl >= N * PPS_MAX or pl % PPS_MAX >= cfg[C_PPS]:
                    return V_SHIPS
                on += k
                if pl // PPS_MAX == p:
                    home += 1
                else:
                    foreign += 1
        if st[S_WING + p] != 0 or st[S_CARRIER + p] != 0 or st[S_RWD + p] != 0:
            return V_TRANSIT
        if st[S_WARP + p] < 0:
            return V_WARP
        if on + st[S_WARP + p] != cfg[C_SHIPS]:  # CE.70.1
            return V_SHIPS
        if on != st[S_ONPL + p] or home != st[S_HOME + p] or foreign != st[S_FOREIGN + p]:
            return V_COLONY_CACHE
        if mask != st[S_CMASK + p]:
            return V_COLONY_CACHE
        if home > cfg[C_PPS]:
            return V_COLONY_CACHE
        if st[S_PWIN + p] != _alien_windows(st[S_ALIEN + p]):
            return V_POWER
        if st[S_QUIET] != 0:  # a deferred power check must never outlive its step
            return V_POWER
        want = 1 if home >= cfg[C_POWER_HOME] else 0
        if st[S_POWER + p] != want or st[S_ZAPPED + p] != 0:  # CE.70.5
            return V_POWER
        if st[S_ALLY + p] != 0:
            return V_ALLIES
    if st[S_CENTRE] != 0 or st[S_ASIDE_N] != 0:  # CE.70.2; set-aside cards are back (CE.20.1)
        return V_TRANSIT
    # CE.70.6 / CE.70.7 / CE.70.21 cards
    nc = cfg[C_N_CARDS]
    seen = np.zeros(MAX_CARDS, np.int64)
    for i in range(st[S_DECK_N]):
        seen[st[S_DECK + i]] += 1
    for i in range(st[S_DISC_N]):
        seen[st[S_DISC + i]] += 1
    in_play = 0
    if st[S_CARD_O] >= 0:
        seen[st[S_CARD_O]] += 1
        in_play += 1
    if st[S_CARD_D] >= 0:
        seen[st[S_CARD_D]] += 1
        in_play += 1
    if in_play > 0 and st[S_DONE] == 0:
        return V_IN_PLAY
    tot_art = 0
    for p in range(N):
        ne = 0
        na = 0
        cnt = np.zeros(N_ART, np.int64)
        if st[S_HAND_N + p] < 0:
            return V_HAND_CACHE
        for i in range(st[S_HAND_N + p]):
            c = st[S_HAND + p * MAX_HAND + i]
            if c < 0 or c >= nc:
                return V_CARDS
            seen[c] += 1
            if cfg[C_CARD_KIND + c] == K_ARTIFACT:
                na += 1
                cnt[cfg[C_CARD_VAL + c]] += 1
            else:
                ne += 1
        if ne != st[S_HAND_ENC + p] or na != st[S_HAND_ART + p]:
            return V_HAND_CACHE
        for a in range(N_ART):
            if cnt[a] != st[S_ART_CNT + p * N_ART + a]:
                return V_HAND_CACHE
        tot_art += na
    if tot_art != st[S_ART_TOTAL]:
        return V_HAND_CACHE
    for a in range(N_ART):
        k = 0
        for p in range(N):
            k += st[S_ART_CNT + p * N_ART + a]
        if k != st[S_ART_KIND + a]:
            return V_HAND_CACHE
    for i in range(nc):
        if seen[i] != 1:
            return V_CARDS
    for i in range(nc, MAX_CARDS):
        if seen[i] != 0:
            return V_CARDS
    # CE.70.17 order discs
    if st[S_ORD_N] <= 0:
        return V_DISCS
    cnt = np.zeros(MAX_P, np.int64)
    for i in range(st[S_ORD_N]):
        c = st[S_ORD + i]
        if c < 0 or c >= N:
            return V_DISCS
        cnt[c] += 1
    for i in range(st[S_ORDD_N]):
        c = st[S_ORDD + i]
        if c < 0 or c >= N:
            return V_DISCS
        cnt[c] += 1
    for p in range(N):
        if cnt[p] != cfg[C_DISCS + p]:
            return V_DISCS
    # CE.70.18 victory
    m = 0
    for p in range(N):
        if st[S_FOREIGN + p] >= cfg[C_WIN_COLONIES]:
            m |= 1 << p
    if st[S_DONE] == 1 and st[S_TIMEOUT] == 0:
        if m == 0 or m != st[S_WINNERS]:
            return V_VICTORY
    elif m != 0:
        return V_VICTORY
    return 0


@njit
def _note(st, v):
    if v != 0 and st[S_VIOL] == 0:
        st[S_VIOL] = v


@njit(_nrt=False)  # and everything it calls: see simsuite/batch_driver.py
def play_game(st, cfg, log, lg, chk):
    """Play one whole game from the generator state already in st[S_RNG].
    chk = 1 checks the CE.70 invariants after setup and after every turn (tests)."""
    setup(st, cfg, log, lg)
    if chk:
        _note(st, check_invariants(st, cfg))
    st[S_SEARCH] = cfg[C_SEARCH]
    N = cfg[C_NP]
    p = st[S_START]
    while st[S_DONE] == 0:
        if st[S_TURN] >= cfg[C_MAX_TURNS]:  # A63
            st[S_TIMEOUT] = 1
            st[S_DONE] = 1
            if lg:
                _log(log, E_TIMEOUT, st[S_TURN], I0, I0, I0, I0, I0)
            break
        play_turn(st, cfg, p, log, lg)
        if chk:
            _note(st, check_invariants(st, cfg))
        p += 1
        if p == N:
            p = 0
    if chk and st[S_TIMEOUT] == 0 and st[S_WINNERS] == 0:
        _note(st, V_TERMINATION)


@njit(_nrt=False)  # and everything it calls: see simsuite/batch_driver.py
def score_game(st, cfg, out, i, log, lg):
    """Write the record row out[i] (records.py)."""
    N = cfg[C_NP]
    for k in range(N_COLS):
        out[i, k] = -1
    nwin = 0
    for p in range(MAX_P):
        if p >= N:
            continue
        w = (st[S_WINNERS] >> p) & 1
        nwin += w
        out[i, R_STRAT + p] = st[S_STRAT + p]
        out[i, R_WIN + p] = w
        out[i, R_SCORE + p] = st[S_FOREIGN + p]
        out[i, R_FOREIGN + p] = st[S_FOREIGN + p]
        out[i, R_HOME + p] = st[S_HOME + p]
        out[i, R_WARP + p] = st[S_WARP + p]
        out[i, R_HAND + p] = st[S_HAND_N + p]
        out[i, R_POWER + p] = st[S_POWER + p]
        out[i, R_ALIEN + p] = st[S_ALIEN_TAG + p]
        out[i, R_POWER_USES + p] = st[S_POWER_USES + p]
    out[i, R_GAME] = st[S_GAME]
    out[i, R_START] = st[S_START]
    out[i, R_TURNS] = st[S_TURN]
    out[i, R_ENCOUNTERS] = st[S_ENCOUNTERS]
    out[i, R_TIMEOUT] = st[S_TIMEOUT]
    out[i, R_ILLEGAL] = st[S_ILLEGAL]
    out[i, R_ILLEGAL_SEAT] = st[S_ILLEGAL_SEAT] if st[S_ILLEGAL] > 0 else -1
    out[i, R_NWIN] = nwin
    out[i, R_JOINT] = 1 if nwin > 1 else 0
    out[i, R_OWIN] = st[S_N_OWIN]
    out[i, R_DWIN] = st[S_N_DWIN]
    out[i, R_DEALS] = st[S_N_DEAL]
    out[i, R_FAILED] = st[S_N_FAIL]
    out[i, R_NORES] = st[S_N_NORES]
    out[i, R_RESETTLES] = st[S_N_RESETTLE]
    out[i, R_EXPELS] = st[S_N_EXPEL]
    out[i, R_SECOND] = st[S_N_SECOND]
    out[i, R_ARTS] = st[S_N_ART]
    out[i, R_COMP] = st[S_N_COMP]
    out[i, R_RWD_CARDS] = st[S_N_REWARD_CARDS]
    out[i, R_RWD_SHIPS] = st[S_N_REWARD_SHIPS]
    out[i, R_POWER_LOSS] = st[S_N_POWER_OFF]
    out[i, R_RESHUF] = st[S_N_RESHUF]
    for a in range(N_ART):
        out[i, R_ART_KIND + a] = st[S_ART_USED + a]

# run_batch, replay_game and run_checked: simsuite/batch_driver.py, appended by simsuite.codegen
