"""Handles: the state, configuration and event log as an alien file's hook holds them.

The kernel passes ``st`` / ``cfg`` / ``log`` as ``CPointer(int64)`` (simsuite/engine/unmanaged.py),
which numba lets any function index and write. An alien file's hooks get them sealed instead: a
``Handle`` is the same pointer under a numba type with no operation at all (no ``h[i]``, no
``h[i] = v``, no arithmetic, no conversion to an integer, no ``len``), so a hook or any helper of
its file can only pass it on, and only the power API's ``hb_*`` primitives, which open it with
``state_of`` / ``cfg_of`` / ``log_of``, read or write through it. Each role is its own type: a
configuration handle given where the state is expected does not type either. Anything else fails
numba's typing when the kernel (or aliens.files.typecheck) compiles the file, before any game.

Sealing and opening cost nothing: the handle is the pointer itself (one register), only its
numba type differs. The openers also take a raw pointer, so a primitive may call another
primitive with what it already opened.
"""
import numba
from llvmlite import ir
from numba.core import types
from numba.extending import intrinsic, models, register_model

_PTR = types.CPointer(types.int64)


class Handle(types.Type):
    """A sealed int64 pointer of one role (state, cfg or log)."""

    def __init__(self, role: str):
        self.role = role
        super().__init__(name=f"Handle({role})")


@register_model(Handle)
class _HandleModel(models.PrimitiveModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, ir.PointerType(ir.IntType(64)))


STATE = Handle("state")
CFG = Handle("cfg")
LOG = Handle("log")


def _same(context, builder, sig, args):
    return args[0]


def _sealer(t):
    def seal(typingctx, p):
        if p != _PTR:
            return None
        return t(p), _same

    seal.__name__ = seal.__qualname__ = f"{t.role}_handle"
    return intrinsic(seal)


def _opener(t):
    def open_(typingctx, h):
        if h != t and h != _PTR:
            return None
        return _PTR(h), _same

    open_.__name__ = open_.__qualname__ = f"{t.role}_of"
    return intrinsic(open_)


state_handle = _sealer(STATE)  # st as a hook receives it
cfg_handle = _sealer(CFG)
log_handle = _sealer(LOG)
state_of = _opener(STATE)  # the pointer behind a state handle (the power API's primitives only)
cfg_of = _opener(CFG)
log_of = _opener(LOG)

if numba.config.DISABLE_JIT:  # interpreted (a quick check): a handle is the array itself
    def _identity(x):
        return x

    state_handle = cfg_handle = log_handle = state_of = cfg_of = log_of = _identity
