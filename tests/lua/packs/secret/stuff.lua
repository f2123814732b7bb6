return { password = "swordfish" }
