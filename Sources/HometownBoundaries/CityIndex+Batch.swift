import CPrefetch

extension CityIndex {
    /// How many walks `cities` runs side by side.
    static let lanes = 8

    /// `city(for:latitude:longitude:)` for many points: `request(i)` gives point i's state and coordinates (nil:
    /// no search, answered nil), and `answer(i, city)` receives each answer, not in order. Several walks run
    /// side by side, one range at a time each: when a range is taken off a walk's stack the cache lines it will
    /// read are requested, and the range is worked only after the other walks have had their turn, so that on
    /// scattered points the loads of up to `lanes` walks overlap instead of waiting one after the other. Each
    /// walk visits the ranges that `city` visits, in the same order, so the answers are the same.
    @inline(__always)
    func cities(
        _ count: Int, request: (Int) -> (state: Int, latitude: Double, longitude: Double)?,
        answer: (Int, (index: Int, km: Double)?) -> Void
    ) {
        typealias Lane = (walk: CityWalk, range: CityWalk.Range, top: Int, point: Int)
        let lanes = Self.lanes
        let depth = CityWalk.stackCapacity
        withUnsafeTemporaryAllocation(of: CityWalk.Range.self, capacity: lanes * depth) { stacks in
            withUnsafeTemporaryAllocation(of: Lane.self, capacity: lanes) { lane in
                var next = 0
                // Starts the next point that has a search on lane l (answering the others at once); false when
                // no point is left.
                func start(_ l: Int) -> Bool {
                    while next < count {
                        let i = next
                        next += 1
                        if let r = request(i), let root = CityWalk.root(of: r.state, in: self) {
                            let walk = CityWalk(latitude: r.latitude, longitude: r.longitude)
                            (lane.baseAddress! + l).initialize(to: (walk, root, 0, i))
                            prefetch(root)
                            return true
                        }
                        answer(i, nil)
                    }
                    return false
                }
                var live = 0
                while live < lanes, start(live) { live += 1 }
                var l = 0
                while live > 0 {
                    let stack = stacks.baseAddress! + l * depth
                    var current = lane[l]
                    current.walk.work(current.range, self, stack: stack, top: &current.top)
                    if current.top > 0 {
                        current.top -= 1
                        current.range = stack[current.top]
                        prefetch(current.range)
                        lane[l] = current
                    } else {
                        answer(current.point, current.walk.answer)
                        if !start(l) {
                            // The last lane in use takes this one's place, so that lanes 0..<live stay in use;
                            // its range is not worked yet, so lane l goes next again.
                            live -= 1
                            if l != live {
                                lane[l] = lane[live]
                                stack.update(from: stacks.baseAddress! + live * depth, count: lane[l].top)
                            }
                            if l >= live { l = 0 }
                            continue
                        }
                    }
                    l = l + 1 == live ? 0 : l + 1
                }
            }
        }
    }

    /// Requests the cache lines that working range `r` reads first: its middle entry (position and axis), or the
    /// whole of a range small enough to be scanned.
    @inline(__always)
    private func prefetch(_ r: CityWalk.Range) {
        guard let coords = xyz.baseAddress, let entries = byState.baseAddress else { return }
        let lo = Int(r.lo)
        let hi = Int(r.hi)
        guard lo <= hi, lo >= header, hi < byState.count else { return }
        let width = CityTreeLayout.f64PerEntry
        if hi - lo < CityTreeLayout.nodeSize {
            var at = width * (lo - header)
            let end = width * (hi - header + 1)
            while at < end {
                hometown_prefetch(coords + at)
                at += 8
            }
            hometown_prefetch(coords + end - 1)
            hometown_prefetch(entries + lo)
            hometown_prefetch(entries + hi)
        } else {
            let m = (lo + hi) >> 1
            hometown_prefetch(coords + width * (m - header))
            hometown_prefetch(coords + width * (m - header) + width - 1)
            hometown_prefetch(entries + m)
        }
    }
}
