"""Unmanaged array views for hot kernels.

numba increments and decrements an array's reference count (an atomic operation) each time it
passes the array to a non-inlined function; a game makes thousands of such calls. A view made by
``unmanaged(a)`` points at the same memory but carries no reference count, so those operations
become a null check. The caller must keep ``a`` alive while the view is used: numba frees an
array right after its last use, so use the owner again after the work (see run_batch).
"""
import numba
from numba.core import types
from numba.extending import intrinsic
from numba import njit


@intrinsic
def _data_ptr(typingctx, arr):
    sig = types.CPointer(arr.dtype)(arr)

    def codegen(context, builder, signature, args):
        return context.make_array(arr)(context, builder, args[0]).data

    return sig, codegen


@njit(inline="always")
def unmanaged(a):
    """1-D view of contiguous array a without reference counting."""
    return numba.carray(_data_ptr(a), a.shape[0])


@njit(inline="always")
def unmanaged2(a):
    """2-D view of contiguous array a without reference counting."""
    return numba.carray(_data_ptr(a), (a.shape[0], a.shape[1]))
