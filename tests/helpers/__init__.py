"""Test helpers shared by the layers' tests: plain-Python references (``reference``,
``nagareru_reference``, ``nurimeizu_reference``), hypothesis strategies (``strategies``),
the fuzz generators (``fuzz_cases``) and where things live (``paths``)."""
