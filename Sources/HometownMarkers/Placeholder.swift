public enum HometownMarkersPlaceholder {}
