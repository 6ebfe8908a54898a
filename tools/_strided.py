"""A strided int64 pointer for numba: ``s[i]`` reads word i of one game whose state is stored
struct-of-arrays, word i of game j of a block at ``mem[i * STRIDE + j]`` (tools/soa_layout.py).

The kernels only index their state (``st[i]``, ``st[i] = v``, ``st[i] += v``), so the same
kernel source runs on either layout: a raw pointer (array of structs, simsuite's layout) or this.
"""
import operator

from llvmlite import ir
from numba.core import cgutils, types
from numba.extending import intrinsic, models, overload, register_model

STRIDE = 64  # = batch_driver.GAMES_PER_BLOCK: one block's games side by side


class StridedPtrType(types.Type):
    def __init__(self):
        super().__init__(name=f"StridedPtr{STRIDE}")


strided_ptr_t = StridedPtrType()


@register_model(StridedPtrType)
class _Model(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("p", types.CPointer(types.int64))])


@intrinsic
def strided(typingctx, p):
    """The game whose word 0 is at pointer p, its word i STRIDE words further on per i."""
    if not isinstance(p, types.CPointer):
        return None

    def codegen(context, builder, sig, args):
        s = cgutils.create_struct_proxy(strided_ptr_t)(context, builder)
        s.p = args[0]
        return s._getvalue()

    return strided_ptr_t(p), codegen


def _addr(context, builder, sig, args):
    s = cgutils.create_struct_proxy(strided_ptr_t)(context, builder, value=args[0])
    i = context.cast(builder, args[1], sig.args[1], types.int64)
    return builder.gep(s.p, [builder.mul(i, ir.Constant(ir.IntType(64), STRIDE))])


@intrinsic
def _get(typingctx, s, i):
    if not isinstance(s, StridedPtrType) or not isinstance(i, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.load(_addr(context, builder, sig, args))

    return types.int64(s, i), codegen


@intrinsic
def _set(typingctx, s, i, v):
    if not isinstance(s, StridedPtrType) or not isinstance(i, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        val = context.cast(builder, args[2], sig.args[2], types.int64)
        builder.store(val, _addr(context, builder, sig, args))
        return context.get_dummy_value()

    return types.none(s, i, v), codegen


@overload(operator.getitem)
def _getitem(s, i):
    if isinstance(s, StridedPtrType) and isinstance(i, types.Integer):
        return lambda s, i: _get(s, i)


@overload(operator.setitem)
def _setitem(s, i, v):
    if isinstance(s, StridedPtrType) and isinstance(i, types.Integer):
        return lambda s, i, v: _set(s, i, v)
