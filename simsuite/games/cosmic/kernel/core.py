"""Cosmic Encounter (AH2000) batch kernel (rules: ../shared/rules/cosmic_encounter.md, ids CE.x.y):
the first part, core: the event log codes, the turn tape for the `search` rollouts (``after_decide``),
seat and colony helpers and the priority order (CE.20.2). The decision call (``_decide``), the
shuffle and the turn loop's helpers are the shared prelude (simsuite/scaffold/prelude.py), pasted
right after this part.

The kernel is split along the rules into the files of this folder, the parts; ``KERNEL_PARTS``
(game.py) lists them in order, and docs/internals/layout.md says what each holds. They are not
imported directly: ``simsuite.engine.codegen`` writes this file and then the code below the
marker line of each other part (``kernel_source``), followed by the shared batch entry points and
the jitted strategy dispatch ``strategy_decide(sid, kind, st, cfg, me)`` built from the strategy
files, into one module in the cache directory, named by a hash of every source involved. Each
part's own imports (above its marker line) are for a reader and must be among this file's.

One game is played start to finish by ``play_game`` on one int64 state array; ``run_batch``
plays a range of game indices in parallel, one output row per game.

Alien powers (CE.22, rulings CE.23) act at the places CE.20 names: the windows of CE.20.1
(``window`` asks ``power_window`` before the artifacts: Amoeba, Chronos, Filch, Mind, Mutant,
Parasite, Philanthropist, Sorcerer, Trader), the triggers of CE.20.3 (``power_event`` = E.POWER
with Cosmic Zap, before every use and automatic effect; ``loss_event`` = E.LOSS: the owner's
file (Zombie), then the others' (Healer); ``compensation`` = E.COMP; ``artifact_discard`` =
E.ARTDISCARD: the files' on_artifact_discard, Vulch), and the fixed
moments: ``select_cards`` (step 8, on_select / on_select_second: Oracle, Laser), ``reveal`` (Empath),
``side_totals`` (a file's SHIP_WEIGHT: the Macron; on_count: the Anti-Matter; on_totals: the Virus),
``outcome`` (Pacifist at the start of step 10, Clone at the discards), ``answers`` (on_answer: a
side open to the Parasite uninvited), ``launch`` (a file's SHIP_LIMIT: the Macron's one ship), ``new_hand`` (on_new_hand: the Vulch keeps
its artifacts) and ``negotiate`` (on_propose / on_deal: the Zombie's RELEASE). A power acts only while on (CE.19: enough home colonies,
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

from simsuite.engine.kernel_common import discards_to_deck, note_illegal, shuffle
from simsuite.engine.kernel_common import log_event as _log
from simsuite.engine.rng import below
from simsuite.engine.unmanaged import trailing_zeros
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.handles import cfg_handle, cfg_of, log_handle, log_of, state_handle, state_of
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----

# --- event log (replay) -------------------------------------------------------------------
(E_START, E_TURN, E_NEW_HAND, E_NEW_HAND_FAIL, E_ENCOUNTER, E_REGROUP, E_DISC, E_DISC_RESHUFFLE,
 E_OWN_COLOUR, E_RESETTLE, E_EXPEL, E_SHIP_FROM, E_LAUNCH, E_TARGET, E_INVITE, E_ALLY, E_ARTIFACT,
 E_REVEAL, E_TOTALS, E_RESULT, E_LOSS, E_LAND, E_PLACE, E_NO_COLONY, E_REWARD, E_COMP, E_GAS,
 E_DEAL_PROPOSE, E_DEAL_ANSWER, E_DEAL_TERM, E_POWER, E_WIN, E_TIMEOUT, E_DECK_RESHUFFLE, E_DISCARD,
 E_SECOND, E_EARLY_END, E_ZAP, E_DEFENSE, E_SELECT, E_END_TURN, E_ALIEN, E_ALIENS, E_REINF, E_FLARE) = (
    np.int64(k) for k in range(1, 46))
# E_DEAL_TERM kinds
TERM_CARDS_OD, TERM_CARDS_DO, TERM_COLONY_DO, TERM_COLONY_OD, TERM_RELEASE = (np.int64(k) for k in range(5))
# E_ALIEN details (what the power did; PK_* for optional uses, these for automatic effects)
FX_SHIP_WEIGHT, FX_ANTI_MATTER, FX_VIRUS, FX_ORACLE, FX_EMPATH = (np.int64(k) for k in range(100, 105))
# E_EARLY_END reasons
# (END_NO_DEFENSE / END_NO_TARGET: FFG2008 with ffg_target_requires_defense_colony, A52)
END_OFFENSE_OUT, END_DEFENSE_NO_CARD, END_NO_SHIPS, END_RESETTLE, END_NO_DEFENSE, END_NO_TARGET = (
    np.int64(k) for k in range(6))
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
def _own_first(p, cm):
    """A colony mask of p split as (the planets from p's home system on, the planets below it).
    Options listed from the first part, then the second, run from p's own system clockwise round
    the table (CE.0.5: seats p, p + 1, ..., N - 1, 0, ..., p - 1), lowest planet first in each
    system: a strategy that keeps the first of equally good options then breaks the tie relative
    to itself, never towards a low seat index."""
    low = (np.int64(1) << (p * PPS_MAX)) - 1
    return cm & ~low, cm & low


@njit(inline="always")
def _colony_options(st, p, excl, n):
    """Write p's colonies (not planet excl) as options from index n on, from p's own system
    clockwise (``_own_first``); returns the new option count."""
    cm, rest = _own_first(p, _colonies(st, p, _pbit(excl)))
    while cm != 0 or rest != 0:
        if cm == 0:
            cm = rest
            rest = 0
        st[S_OPT + n] = _lowest(cm)
        cm &= cm - 1
        n += 1
    return n


@njit(inline="always")
def _chunk_options(st, p, xm, room, by_ships, n):
    """Ship-chunk options src_code(pl, k) for each colony of p (not in mask xm), k = 1..room, and
    with by_ships = 1 also k <= the ships there (taking ships rather than placing them), written
    from index n on, colonies from p's own system clockwise (``_own_first``); returns the new
    option count."""
    cm, rest = _own_first(p, _colonies(st, p, xm))
    while cm != 0 or rest != 0:
        if cm == 0:
            cm = rest
            rest = 0
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
def after_decide(st, i, kind, me):
    """The generated strategy dispatch passes every answer through here (simsuite/engine/codegen.py): while
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
