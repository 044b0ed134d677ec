"""Read-only passes over a family's nodes: nothing here makes a node.

``reading`` (exact counts, sizes, sampling, weights) and ``cost`` (cost bounds per
level, probability), over the node arrays the compiled kernels of ``extension``
export; ``dot`` draws them."""
