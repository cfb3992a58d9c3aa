let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
let x = 1 in {
def A { int x = 0; }
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
