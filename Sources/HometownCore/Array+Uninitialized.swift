extension Array {
    /// `Array(unsafeUninitializedCapacity:initializingWith:)` for code that writes the elements from several
    /// threads, safe for a capacity of 0.
    ///
    /// The standard library gives every empty array one shared storage, and its initializer, asked for no
    /// capacity, writes the count (0) into that shared storage after `body` returns. Another thread reading any
    /// empty array at the same time makes that a data race, which ThreadSanitizer reports. For a capacity of 0 this
    /// runs `body` on an empty buffer (no base address) and returns a new empty array, writing nothing shared.
    /// - Parameters:
    ///   - capacity: the number of elements `body` may initialize (0 or more).
    ///   - body: as for the standard initializer: initializes the first `count` elements of the buffer and sets
    ///     `count`.
    @inlinable
    package init(
        writtenInPlace capacity: Int,
        initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
    ) rethrows {
        guard capacity == 0 else {
            try self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
            return
        }
        var buffer = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
        var count = 0
        try body(&buffer, &count)
        precondition(count == 0, "an array of capacity 0 was given \(count) elements")
        self = []
    }
}
