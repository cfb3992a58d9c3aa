// The condition of if must be a bit or an int.
if "yes" then
def A;
