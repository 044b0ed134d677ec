"""What the genres share: the genre registry (``genre``), solving through one cache
(``solving``, ``caches``), boards and sweeps (``board``, ``split``), random loops
(``loops``), the pzprjs codecs (``pzprjs``), drawings and reading them back
(``render``, ``pictures``), bounded input (``inputs``), sound propagation
(``propagation``), implicit hitting sets (``hitting``), errors and checkers' results
(``errors``, ``violations``)."""
