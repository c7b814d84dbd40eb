public enum HometownViewportPlaceholder {}
