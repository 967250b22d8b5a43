// The cold-start reference for `wayfinder`: the smallest Swift program, built the same way
// (`swift build -c release --static-swift-stdlib`).
print("hello")
