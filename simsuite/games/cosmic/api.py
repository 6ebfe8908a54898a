"""Cosmic Encounter (2000 Avalon Hill rules) state layout and helpers for strategy files.

Rules contract: ../shared/rules/cosmic_encounter.md, Part 1 (CE.1-CE.21), CE.50/CE.51 (decisions,
deal model), Part 4 (choices), CE.70 (invariants), CE.80 (configuration keys).

A game's whole state is one int64 array and its configuration another; strategies get raw pointers
``st`` and ``cfg`` to them (index only: ``st[i]``). The offsets below are compile-time constants. Seats 0..N-1 are also the colours (seat p owns system p,
planets ``p * PPS_MAX + i``). Strategy files import what they need from here; everything is
read-only for them except the scratch area ``st[S_SCR : S_SCR + 64]`` and the generator
(use ``rand_below``). ``decide`` runs without reference counting and must not allocate
arrays (see docs/strategies.md). Hidden information (CE.70.14): a strategy must not read other players' hands
(``S_HAND``), the deck or order-pile order, nor the face-down encounter cards before the reveal
(``S_CARD_O`` / ``S_CARD_D`` while ``st[S_REVEALED] == 0``).

The decision protocol (CE.50), every decision kind's option encoding, the power decisions, ship
sources, artifact play codes and deal codes: docs/games/cosmic-decisions.md.
"""
import numpy as np
from numba import njit

# the constants and the configuration and state layouts (CE.1 maxima, codes, C_* and S_* offsets): every
# name of layout.py is this module's too, for strategy files and the kernel parts (`import *`)
from simsuite.games.cosmic.layout import *
from simsuite.games.cosmic.layout import _C, _S
from simsuite.scaffold.layout import cell, item, word


# --- deal codes (CE.51.1) ------------------------------------------------------------------------
@njit(inline="always")
def deal_code(col_do, col_od, n_od, r_od, n_do, r_do):
    """col_do: planet the defense grants the offense (-1 none); col_od: planet the offense grants the
    defense; n_od/r_od: CARDS(offense -> defense) count and rule; n_do/r_do: CARDS(defense -> offense)."""
    return (col_do + 1) | ((col_od + 1) << 5) | (n_od << 10) | (r_od << 13) | (n_do << 16) | (r_do << 19)


@njit(inline="always")
def deal_release(code):
    """RELEASE(zombie -> other, k) term (CE.51.1): k, 0 = none (6 bits: k up to 60 warp ships)."""
    return (code >> 22) & 63


@njit(inline="always")
def with_release(code, k):
    """A proposal with RELEASE(k) added (code -1 = no other term)."""
    base = code if code >= 0 else 0
    return (base & ~(63 << 22)) | (k << 22)


@njit(inline="always")
def deal_col_do(code):
    return (code & 31) - 1


@njit(inline="always")
def deal_col_od(code):
    return ((code >> 5) & 31) - 1


@njit(inline="always")
def deal_n_od(code):
    return (code >> 10) & 7


@njit(inline="always")
def deal_r_od(code):
    return (code >> 13) & 7


@njit(inline="always")
def deal_n_do(code):
    return (code >> 16) & 7


@njit(inline="always")
def deal_r_do(code):
    return (code >> 19) & 7


@njit(inline="always")
def src_code(pl, k):
    """Ship chunk option: k ships from / onto planet pl (OPT_MOTHERSHIP for the centre row)."""
    return pl * SRC_SHIFT + k


@njit(inline="always")
def art_code(kind, param):
    return kind * 64 + param


# --- read helpers (tiny, inline) ---------------------------------------------------------------
ships_on = cell(S_PS, MAX_PLANETS)  # (st, p, pl): p's ships on planet pl


warp = item(S_WARP)  # (st, p): p's ships in the warp
home_colonies = item(S_HOME)  # (st, p)
foreign_colonies = item(S_FOREIGN)  # (st, p)
ships_on_planets = item(S_ONPL)  # (st, p)
hand_size = item(S_HAND_N)  # (st, p)
hand_card = cell(S_HAND, MAX_HAND)  # (st, p, i): card i of p's hand
encounter_cards = item(S_HAND_ENC)  # (st, p): encounter cards in p's hand
card_kind = item(C_CARD_KIND)  # (cfg, c): K_*
card_value = item(C_CARD_VAL)  # (cfg, c): attack value, or artifact kind


offense = word(S_OFF)  # (st)
defense = word(S_DEF)  # (st): -1 before step 2
target = word(S_TARGET)  # (st): -1 before step 4
ally_side = item(S_ALLY)  # (st, p): 0 none, SIDE_OFFENSE, SIDE_DEFENSE


alien_of = item(S_ALIEN)  # (st, p): the alien p plays (-1 none); every power is public (CE.2.5)


@njit(inline="always")
def may_see_hand(st, me, q):
    """1 if `me` knows q's hand: its own, or one its Mind power looked at this encounter
    (CE.22.10). What the Mind knows is the hand as it was at the look: read it with
    seen_hand_n / seen_hand_card, not from S_HAND (the hand may have changed since)."""
    return me == q or (st[S_WHO + A_MIND] == me and ((st[S_MIND_SEEN] >> q) & 1) == 1)


@njit(inline="always")
def seen_hand_n(st, me, q):
    """Cards in q's hand as `me` knows it (its own now, or the Mind's look); -1 if unknown."""
    if me == q:
        return st[S_HAND_N + q]
    if may_see_hand(st, me, q):
        return st[S_MIND_HAND_N]
    return -1


@njit(inline="always")
def seen_hand_base(st, me, q):
    """Where q's hand as `me` knows it starts in st: card i is st[seen_hand_base + i]."""
    return S_HAND + q * MAX_HAND if me == q else S_MIND_HAND


@njit(inline="always")
def seen_hand_card(st, me, q, i):
    """Card i (0 <= i < seen_hand_n) of q's hand as `me` knows it."""
    return st[seen_hand_base(st, me, q) + i]


@njit(inline="always")
def card_visible(st, side):
    """1 if the encounter card of side (SIDE_OFFENSE / SIDE_DEFENSE) may be read: after the reveal,
    or turned face up early by the Oracle (CE.22.12)."""
    return st[S_REVEALED] == 1 or ((st[S_FACEUP] >> (side - 1)) & 1) == 1


@njit(inline="always")
def ship_weight(st, p):
    """Weight of one of p's ships in the totals (CE.10.2): 1, or its alien file's SHIP_WEIGHT while
    its power is on (4 for the Macron, CE.22.9)."""
    return st[S_SHIP_W + p] if st[S_POWER + p] == 1 else 1


@njit(inline="always")
def ship_limit(st, p):
    """The most ships p may commit at once to an encounter (launch CE.6.1, joining an alliance
    CE.8.4): 4, or its alien file's SHIP_LIMIT while its power is on (exactly 1 for the Macron,
    CE.22.9). The kernel and the strategies' estimates both read it, so a Macron ally is one ship
    of weight 4 everywhere."""
    return st[S_SHIP_LIM + p] if st[S_POWER + p] == 1 else 4


@njit(inline="always")
def uninvited_use(st, q, side):
    """1 if q joining `side` (SIDE_OFFENSE / SIDE_DEFENSE) at the alliance answers (CE.8.3) is a use
    of q's power: that side did not invite q, and q's power let it answer that side all the same
    (its file's on_answer, alien_api_flow.hb_offer_side; the Parasite, CE.22.14)."""
    if side <= 0 or ((st[S_HB_OFFER] >> (2 * q + side - 1)) & 1) == 0:
        return 0
    inv = st[S_INV_O] if side == SIDE_OFFENSE else st[S_INV_D]
    return 1 if ((inv >> q) & 1) == 0 else 0


@njit(inline="always")
def option_uses_power(st, kind, p, i):
    """1 if answering option i of decision `kind` uses p's alien power (CE.50.20): every option of a
    power decision but PASS (the Mutant's source choice and an alien file's option question have no
    PASS: all of it is the use), and a
    side joined uninvited through a power at the alliance answers (the Parasite, CE.22.14). Naive power policies
    read this, so they control every use, whatever decision it arrives through."""
    if kind == D_POWER:
        return 1 if (i > 0 or st[S_PK] == PK_MUTANT_SRC or st[S_PK] == PK_CHOICE) else 0
    if kind == D_ALLIANCE:
        return uninvited_use(st, p, st[S_OPT + i])
    return 0


@njit(inline="always")
def zombie_keeps(st, p):
    """1 if p's lost ships would first be offered to p's own power, the Zombie's (CE.22.20, E.LOSS
    CE.20.6): p plays the Zombie with its power on. (The kernel also needs another colony of p to
    receive them.)"""
    return 1 if (st[S_ANY_ALIEN] == 1 and st[S_WHO + A_ZOMBIE] == p and st[S_POWER + p] == 1) else 0


@njit(inline="always")
def healer_for(st, p):
    """The seat whose Healer power may return p's lost ships to p's colonies (CE.22.7, E.LOSS
    CE.20.6): an active Healer other than p; -1 none."""
    if st[S_ANY_ALIEN] != 1:
        return NONE
    h = st[S_WHO + A_HEALER]
    if h >= 0 and h != p and st[S_POWER + h] == 1:
        return h
    return NONE


@njit
def offense_strength(st, cfg):
    """S_O of CE.10.2: the centre row plus every offensive wing, Macron ships weighing 4."""
    o = st[S_OFF]
    s = st[S_CENTRE] * ship_weight(st, o)
    for p in range(cfg[C_NP]):
        s += st[S_WING + p] * ship_weight(st, p)
    return s


@njit
def defense_strength(st, cfg):
    """S_D of CE.10.2: the defense's ships on the target planet plus every defensive carrier."""
    s = 0
    if st[S_TARGET] >= 0:
        d = st[S_DEF]
        s = st[S_PS + d * MAX_PLANETS + st[S_TARGET]] * ship_weight(st, d)
    for p in range(cfg[C_NP]):
        s += st[S_CARRIER + p] * ship_weight(st, p)
    return s


@njit
def side_weights(st, cfg):
    """CE.10.2 split by owner: (own_O, allies_O, own_D, allies_D), Macron ships weighing 4. The
    offense's own ships are the centre row, its allies' the wings; the defense's own ships are
    those on the target planet, its allies' the carriers."""
    o = st[S_OFF]
    own_o = st[S_CENTRE] * ship_weight(st, o)
    al_o = 0
    al_d = 0
    for p in range(cfg[C_NP]):
        w = ship_weight(st, p)
        al_o += st[S_WING + p] * w
        al_d += st[S_CARRIER + p] * w
    own_d = 0
    if st[S_TARGET] >= 0:
        d = st[S_DEF]
        own_d = st[S_PS + d * MAX_PLANETS + st[S_TARGET]] * ship_weight(st, d)
    return own_o, al_o, own_d, al_d


@njit(inline="always")
def main_power(st, o, d, a):
    """1 / 2 if the offense's / defense's alien `a` has its power on, else 0 (zaps not foreseen)."""
    w = st[S_WHO + a]
    if w < 0 or st[S_POWER + w] != 1:
        return 0
    if w == o:
        return 1
    if w == d:
        return 2
    return 0


@njit(inline="always")
def with_forecast(st, al_o, al_d, anti, virus):
    """The side weights and Anti-Matter argument of ``aa_totals_w`` with the homebrew alien files'
    change to the totals folded in (their on_totals hooks as the engine forecast them for this
    encounter, forecast.forecast_totals, st[S_HB_FC..]): a change k to a side's total is k more allied
    weight (k less where an Anti-Matter makes the allies subtract); a file that makes the lower
    total win where no Anti-Matter does is anti = 3 (plain totals, the lower wins). Left out: a
    change to the total of a side whose Virus multiplies (T = v x S has no additive term)."""
    fo = st[S_HB_FC]
    fd = st[S_HB_FC + 1]
    fl = st[S_HB_FC + 2]
    if fo == 0 and fd == 0 and fl == 0:
        return al_o, al_d, anti
    if anti == 0:
        if virus != 1:
            al_o += fo
        if virus != 2:
            al_d += fd
        if fl == 2:
            anti = 3
    else:
        al_o -= fo
        al_d -= fd
    return al_o, al_d, anti


@njit(inline="always")
def anti_matter_side(st, o, d):
    """1 / 2 if the offense's / defense's Anti-Matter makes the totals count down (its power on),
    else 0: the strategies' forecast models it (aa_totals_w), and so does the engine's forecast of
    the files' hooks (kernel/forecast.py)."""
    return main_power(st, o, d, A_ANTI_MATTER)


@njit(inline="always")
def virus_side(st, o, d):
    """1 / 2 if the offense's / defense's Virus multiplies (its power on), else 0: the strategies'
    forecast models its product (aa_totals_w), and so does the engine's forecast of the files'
    hooks (kernel/forecast.py)."""
    return main_power(st, o, d, A_VIRUS)


@njit
def predicted_aa(st, cfg, vo, vd, dk_o, dk_d):
    """(T_O, T_D, lower_wins) as the engine would total an A/A now with card values vo / vd and
    dk_o / dk_d more ship weight of the offense / defense itself (for strategies), alien files'
    on_totals included (``with_forecast``)."""
    o = st[S_OFF]
    d = st[S_DEF]
    own_o, al_o, own_d, al_d = side_weights(st, cfg)
    virus = virus_side(st, o, d)
    al_o, al_d, anti = with_forecast(st, al_o, al_d, anti_matter_side(st, o, d), virus)
    return aa_totals_w(own_o + dk_o, al_o, own_d + dk_d, al_d, vo, vd, anti, virus)


@njit
def aa_totals(st, cfg, vo, vd, anti, virus):
    """CE.10.3 / CE.10.4 A/A totals for card values vo (offense) and vd (defense), as the engine
    resolves the encounter and as strategies predict it (one function, so a rule fix changes both).

    anti / virus: 1 if the offense's, 2 if the defense's Anti-Matter / Virus power acts, 0 if
    none. Returns (T_O, T_D, lower_wins).
      * plain: T = v + S (own ships and allies' ships, CE.10.2);
      * Anti-Matter (CE.22.2, revision 2): every allied ship on either side subtracts, the
        Anti-Matter's own ships subtract, only its opponent's own ships add; the lower total wins;
      * Virus (CE.22.18): T = v x S; against an Anti-Matter (CE.23.7, revision 2) its allies then
        subtract: T = v x S_own - S_allies.
    """
    own_o, al_o, own_d, al_d = side_weights(st, cfg)
    return aa_totals_w(own_o, al_o, own_d, al_d, vo, vd, anti, virus)


@njit(inline="always")
def aa_totals_w(own_o, al_o, own_d, al_d, vo, vd, anti, virus):
    """``aa_totals`` from the side weights: strategies trying many card values compute them once."""
    lower = 0
    if anti == 0 or anti == 3:  # 3: no Anti-Matter, but an alien file makes the lower total win (with_forecast)
        to = vo + own_o + al_o
        td = vd + own_d + al_d
        if virus == 1:
            to = vo * (own_o + al_o)
        elif virus == 2:
            td = vd * (own_d + al_d)
        if anti == 3:
            lower = 1
    else:
        lower = 1
        if anti == 1:
            to = vo - own_o - al_o
            td = vd + own_d - al_d
            if virus == 2:
                td = vd * own_d - al_d
        else:
            to = vo + own_o - al_o
            td = vd - own_d - al_d
            if virus == 1:
                to = vo * own_o - al_o
    return to, td, lower


@njit(inline="always")
def aa_offense_wins(to, td, lower):
    """CE.10.4: the offense wins on the higher total (the lower one against an Anti-Matter); a tie
    goes to the defense."""
    return to < td if lower == 1 else to > td


@njit
def best_attack(st, cfg, p):
    """Highest attack value in p's hand (-1 if none)."""
    return best_attack_in(st, cfg, S_HAND + p * MAX_HAND, st[S_HAND_N + p])


@njit
def best_attack_in(st, cfg, base, n):
    """Highest attack value among the cards st[base : base + n] (-1 if none)."""
    b = -1
    for i in range(n):
        c = st[base + i]
        if cfg[C_CARD_KIND + c] == K_ATTACK and cfg[C_CARD_VAL + c] > b:
            b = cfg[C_CARD_VAL + c]
    return b


@njit
def leader(st, cfg, exclude):
    """Seat with the most foreign colonies, ignoring seat `exclude` (the player asking); ties go to
    the first clockwise from `exclude`'s left (CE.0.5), relative to the asker and never to a
    seat index (with exclude = -1, from seat 0)."""
    N = cfg[C_NP]
    best = -1
    bv = -1
    for j in range(1, N + 1):
        p = exclude + j
        if p >= N:
            p -= N
        if p != exclude and st[S_FOREIGN + p] > bv:
            bv = st[S_FOREIGN + p]
            best = p
    return best


@njit(inline="always")
def flare_super(st, cfg, p, c):
    """1 if flare card c played by p now has its super effect: p's own alien with its power usable
    (>= 3 home colonies, not zapped: S_POWER), else 0, the wild effect (CE.45.4). A nopower seat's
    alien is face down (S_ALIEN -1), so its own flare gives it the wild effect."""
    return 1 if (st[S_ALIEN + p] == cfg[C_FLARE_ALIEN + cfg[C_CARD_VAL + c]] and st[S_POWER + p] == 1) else 0


@njit(inline="always")
def flare_effect(st, cfg, p, c):
    """(effect FL_*, amount) that flare card c would have if p played it now (CE.45.4)."""
    i = 2 * cfg[C_CARD_VAL + c] + flare_super(st, cfg, p, c)
    return cfg[C_FLARE_FX + i], cfg[C_FLARE_AMT + i]
