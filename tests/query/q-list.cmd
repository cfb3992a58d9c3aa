q --list
