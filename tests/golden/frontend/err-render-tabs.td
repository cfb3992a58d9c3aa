// Diagnostics quote source lines with tabs expanded to spaces (tab stops every 8 columns).
def A {
	int	x = "s";
}
