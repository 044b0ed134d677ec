"""A toy frontier machine in two files (the step's helper apart), for the machine
interface's tests: the sets of at most k elements with no two adjacent ones."""
