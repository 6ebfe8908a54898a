"""Cosmic kernel part: planning and reveal, steps 8 and 9 (CE.9).

Choosing the encounter cards, in the order and the way the alien files' on_select and
on_select_second say (the Laser, the Oracle), setting cards aside, the reveal (on_reveal: the
Empath) and the time travel a Chronos asks for.

A part of the Cosmic kernel (see core.py): simsuite.engine.codegen pastes the parts that
``Cosmic.kernel_files`` (game.py) lists, in that order, into one module; names used here and
defined in no import below come from the other parts. Only the code below the marker line is pasted.
"""
from numba import njit

from simsuite.engine.kernel_common import log_event as _log
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
    """Step 8 (CE.9.2): the offense selects first, then the defense, neither seeing the other's card,
    unless a power changes it through the alien files' moments: on_select, at the start of step 8,
    may make either main player select first and have a card turned face up as soon as it is
    selected (the Laser, CE.22.8; the Oracle, CE.22.12, its E.POWER there); on_select_second, the
    first card face down, may have the other main player's card drawn at random from its hand (the
    Laser's blind; against the Oracle, CE.23.1). A card already in place (Chronos's redo with the
    opponent's only encounter card) is not chosen again."""
    o = st[S_OFF]
    d = st[S_DEF]
    first = o
    shown = 0  # SIDE_* bits: the cards turned face up as soon as selected
    if HB_MOMENTS_ANY != 0 and ((st[S_HB_MOMS] >> (H_SELECT - 40)) & 1) != 0:  # alien files' on_select
        st[S_HB_ARG] = o
        st[S_HB_ARG + 1] = 0
        hb_moment(st, cfg, H_SELECT, log, lg)
        first = st[S_HB_ARG]
        shown = st[S_HB_ARG + 1]
    second = d if first == o else o
    if _card_of(st, first) < 0:
        _set_card(st, first, choose_card(st, cfg, first))
    st[S_FACEUP] |= shown & (SIDE_OFFENSE if first == o else SIDE_DEFENSE)
    if _card_of(st, second) < 0:
        if (st[S_HAND_ENC + second] > 0 and HB_MOMENTS_ANY != 0
                and ((st[S_HB_MOMS] >> (H_SELECT_SECOND - 40)) & 1) != 0):  # alien files' on_select_second
            st[S_HB_ARG] = first
            st[S_HB_ARG + 1] = second
            hb_moment(st, cfg, H_SELECT_SECOND, log, lg)
        if _card_of(st, second) < 0:
            _set_card(st, second, choose_card(st, cfg, second))
    st[S_FACEUP] |= shown & (SIDE_OFFENSE if second == o else SIDE_DEFENSE)
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
