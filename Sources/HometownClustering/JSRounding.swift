/// JavaScript's `Math.round`: the nearest integer, halves rounded towards +infinity (-2.5 → -2, 2.5 → 3).
@inline(__always)
func jsRound(_ v: Double) -> Double {
    let down = v.rounded(.down)
    return v - down >= 0.5 ? down + 1 : down
}
