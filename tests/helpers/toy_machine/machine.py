"""The toy machine: state [members so far, whether the previous element is in];
consts [k]."""
import numpy as np
import zalg
from zalg.topdown import DEAD, GOING, Machine, final_function, step_function, takes_function

from .helper import room


@step_function(state=np.int16)
def step(s, t, bit, row, consts, work):
    if bit == 1 and (s[1] == 1 or not room(s, consts)):
        return DEAD
    t[0] = s[0] + bit
    t[1] = bit
    return GOING


@final_function(state=np.int16)
def final(t, consts, work):
    return 1


@takes_function(state=np.int16)
def takes(s, row, consts, work):
    return 1 if s[1] == 0 and room(s, consts) else 0


def machine(levels: int, k: int, **options) -> Machine:
    """The toy over ``levels`` levels with at most ``k`` members."""
    return Machine(step, final, np.zeros((levels, 1), dtype=np.int64), np.zeros(2, dtype=np.int16),
                   np.array([k], dtype=np.int64), name="toy", **options)


def count(n: int, k: int) -> int:
    """The number of members of the toy over a universe of n elements."""
    return machine(n, k).build(zalg.Universe(range(n)), np.arange(n)).count()
