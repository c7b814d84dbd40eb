import CGEOS
