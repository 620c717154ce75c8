# Lanza KeyboardInterrupt mientras se carga el fichero.
raise KeyboardInterrupt("adiós")
