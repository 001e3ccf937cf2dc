"""The code generator: generated/<game>/handlers.py from the effect trees, and the engine switch.

- names.py      what may reach generated code: Code, ident(), lit()
- jinja.py      the Jinja2 environment; a primitive's template lies beside its module (lang/actions/gain.py.j2)
- generator.py  walks every effect tree once and renders the handlers module
- runtime.py    what generated code needs besides the runtime's own verbs (compiled relations, folded nouns)
- engine.py     loading a game's handlers and running examples through them

Import the submodules directly; this package imports nothing so that generated code, which
imports `compiler.codegen.runtime`, loads only the runtime.
"""
