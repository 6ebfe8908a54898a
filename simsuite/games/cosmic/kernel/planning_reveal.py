"""Cosmic kernel part: planning and reveal, steps 8 and 9 (CE.9).

Choosing and setting aside the encounter cards (Oracle, Laser, Sorcerer), the reveal (Empath)
and Chronos's time travel.

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
from numba import njit

from simsuite.engine.kernel_common import log_event as _log
from simsuite.engine.rng import below
from simsuite.games.cosmic.api import *
from simsuite.games.cosmic.records import *

# ---- kernel part body: simsuite.engine.codegen pastes what follows (this header is for a reader) ----


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
                if _is_enc(cfg, c):
                    break
                _aside(st, c, second)
            _set_card(st, second, c)
        else:
            _set_card(st, second, choose_card(st, cfg, second))
    if lg:
        _log(log, E_SELECT, st[S_CARD_O], st[S_CARD_D], st[S_FACEUP], I0, I0, I0)


@njit
def reveal(st, cfg, log, lg):
    """CE.9.3: both cards face up, then the alien files' on_reveal (an Empath main player that
    reveals a negotiate turns the opponent's card into a negotiate, CE.22.5)."""
    st[S_REVEALED] = 1
    if lg:
        _log(log, E_REVEAL, st[S_CARD_O], st[S_CARD_D], I0, I0, I0, I0)
    if cfg[C_EDITION] == ED_FFG2008:
        ffg_morph(st, cfg)
    if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_REVEAL - 40)) & 1) != 0:  # alien files' on_reveal
        hb_moment(st, cfg, H_REVEAL, log, lg)


@njit
def time_travel(st, cfg, c, log, lg):
    """CE.22.3 / CE.23.4: the reveal is cancelled; the traveller c (the Chronos) takes its card back;
    the opponent's card is set aside (or, if it was its only encounter card, stays in place face
    down); changes of card type lapse; steps 8-10 follow again."""
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
        _log(log, E_ALIEN, c, st[S_ALIEN + c], PK_CHRONOS, I1, I0, I0)
