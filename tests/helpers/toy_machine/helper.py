"""The toy machine's helper, in a file of its own (the stale-cache test edits it)."""
from zalg.topdown import compiled


@compiled
def room(s, consts):
    """Whether one more member fits."""
    return s[0] < consts[0]
