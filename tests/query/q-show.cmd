q --show flags
