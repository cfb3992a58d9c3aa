def E;
