init
