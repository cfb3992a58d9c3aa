q defm-chain ADD_rm --td small.td -I inc
