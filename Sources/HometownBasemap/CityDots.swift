/// The dots of the cities named at one zoom, bucketed in square cells, for the question "would this box cover
/// the dot of a city nearly as large as the one being named?" (`LabelPlacer` then tries another side first, so
/// that Minneapolis's name does not cover Saint Paul's dot). The world wraps east-west.
struct CityDots {
    let worldWidth: Double
    let cell: Double
    private let columns: Int
    private var cells: [Int: [(x: Double, y: Double, population: Int, id: String)]] = [:]

    init(worldWidth: Double, cell: Double = 64) {
        self.worldWidth = worldWidth
        self.cell = cell
        columns = max(1, Int((worldWidth / cell).rounded(.up)))
    }

    private func key(column c: Int, row r: Int) -> Int { r * columns + ((c % columns) + columns) % columns }

    /// Adds a city's dot at (`x`, `y`) pixels (x in 0..<worldWidth).
    mutating func insert(x: Double, y: Double, population: Int, id: String) {
        let k = key(column: Int((x / cell).rounded(.down)), row: Int((y / cell).rounded(.down)))
        cells[k, default: []].append((x, y, population, id))
    }

    /// Whether `box` (x in any copy of the world) comes within `radius` pixels of the dot of a city other than
    /// `id` with at least `population` people.
    func covers(_ box: PixelBox, radius: Double, population: Int, except id: String) -> Bool {
        let b = box.padded(radius)
        let c0 = Int((b.minX / cell).rounded(.down))
        let c1 = min(Int((b.maxX / cell).rounded(.down)), c0 + columns - 1)
        let r0 = Int((b.minY / cell).rounded(.down))
        let r1 = Int((b.maxY / cell).rounded(.down))
        for r in r0...r1 {
            for c in c0...c1 {
                let shift = Double((c - ((c % columns) + columns) % columns) / columns) * worldWidth
                for d in cells[key(column: c, row: r)] ?? [] where d.population >= population && d.id != id {
                    let x = d.x + shift
                    if x > b.minX && x < b.maxX && d.y > b.minY && d.y < b.maxY { return true }
                }
            }
        }
        return false
    }
}
