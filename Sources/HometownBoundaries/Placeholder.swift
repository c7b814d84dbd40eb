public enum BoundariesPlaceholder {}
