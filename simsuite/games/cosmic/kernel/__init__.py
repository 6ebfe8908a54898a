"""The Cosmic Encounter kernel, in parts (see core.py): numba source text that simsuite.engine.codegen
assembles into one module; the parts are not meant to be imported and run on their own."""
