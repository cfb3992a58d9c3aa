// Block comments nest, so one */ does not close two /*.
/* outer /* inner */
def A;
