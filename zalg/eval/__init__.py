"""Read-only passes over a family's nodes: nothing here makes a node.

``export`` (a family's nodes as arrays), ``evaluate`` and ``reading`` (exact counts,
sizes, sampling, weights), ``cost_kernel`` and ``cost`` (cost bounds per level)."""
