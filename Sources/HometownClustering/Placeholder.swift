public enum HometownClusteringPlaceholder {}
