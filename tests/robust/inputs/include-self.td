include "include-self.td"
