"""The kernel runtime every game shares: kernel assembly and the strategy registry (``codegen``),
the kernel contract (``kernel_contract``), the batch entry points pasted after a game's kernel
(``batch_driver``; ``check_driver`` for ``simsuite check strategy``, driven by ``checks``), the
per-game random numbers (``rng``), raw pointers (``unmanaged``), jitted helpers (``kernel_common``),
the link step (``jitlink``), the per-game record layout (``records``) and the rule parameters
(``params``).

Nothing is imported here: the modules are imported by name (``simsuite.engine.codegen``), so that
importing one part of the engine never loads numba's kernels or the others.
"""
