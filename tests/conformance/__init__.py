"""Conformance vectors shared by the Python engine and the browser's rules.js / state.js.

``make_vectors.py`` writes ``vectors/*.json`` (run it by hand after changing the
rules); ``test_vectors.py`` replays them through the engine and checks they are
fresh; ``tests/client/js/conformance.test.mjs`` replays them through the JS.
"""
