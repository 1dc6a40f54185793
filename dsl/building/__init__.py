"""A game built from its merged rule data (dsl/rulefiles.py), section by section: each part checked
where it is written and compiled (dsl/compiler.py), into the GameDef the engine plays."""
