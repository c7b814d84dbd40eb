extension Double {
    /// The number as people write it: a whole number below 10^16 in size in digits without a fraction ("24", not
    /// "24.0"; -0 as "0"), anything else in Swift's shortest form that reads back as the same Double ("0.1",
    /// "2.5e-08", "1e+16", "1.2345678901234567e+19", "inf"). Never traps, whatever the value.
    public var plainText: String {
        self == rounded() && abs(self) < 1e16 ? String(Int(self)) : String(self)
    }
}
