include "/dev/zero"
