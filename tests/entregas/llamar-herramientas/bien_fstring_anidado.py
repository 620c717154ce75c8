# Una f-string con las mismas comillas dentro, válida desde Python 3.12: la página la acepta,
# y el calificador, que usa el mismo intérprete, también.
def observaciones(respuesta, entorno):
    resultados = []
    for b in respuesta:
        if b["type"] != "tool_use":
            continue
        motivo = incumple(b)
        if motivo:
            raise ValueError(f"la llamada {f"{b["id"]}"} no cumple su esquema: {motivo}")
        resultados.append(resultado(b["id"], FUNCIONES[b["name"]](entorno, **b["input"])))
    return resultados
