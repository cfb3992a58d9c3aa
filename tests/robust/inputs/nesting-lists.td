def A { list<list<list<list<list<list<int>>>>>> x = [[[[[[1]]]]]]; }
