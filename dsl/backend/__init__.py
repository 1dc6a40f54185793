"""The Python-source backend: a checked game's typed program (dsl/ir.py), written as one Python module.

Like Jinja2's compiler, visitors with one method per node kind write source through a few helpers; the
module is compiled once and its functions are what the engine calls while playing. Every name the
source defines is made here (a prefix and a number: `v3` a local, `k7` a constant, `o2` an object
handed to the module, `legal_4` the legal options of move 4), a constant is a plain value
(numbers, texts, none, and lists, tuples and dicts of them) handed to the module by its name (texts
written with `repr`), and no text of a rule file is ever written into it as code.
`kural compile` prints the module (program.py). Each notion writes its own code (dsl/notions/).
"""
